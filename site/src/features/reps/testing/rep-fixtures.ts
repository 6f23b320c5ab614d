import { act } from '@testing-library/react'
import type { AgentTemplateSource } from '#core/agent-template.ts'
import type { ProspectRights } from '#core/ownership.ts'
import type {
  AgentTemplateListResponse,
  ProspectFields,
  Rep,
  RepProspectDetail,
  RepProspectListResponse,
  SessionResponse,
} from '#core/rep-api.ts'
import type { PendingRequest } from '../../../testing/fake-fetch.ts'

export const ANN = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ann@example.com',
  role: 'rep' as const,
}
export const BOB = {
  id: '00000000-0000-4000-8000-000000000002',
  email: 'bob@example.com',
  role: 'admin' as const,
}

export const SESSION: SessionResponse = { rep: ANN, csrfToken: 'csrf-token-of-ann' }

/** The template every prospect without one uses; it names no optional detail. */
export const GENERAL_TEMPLATE: AgentTemplateSource = {
  id: 'general',
  label: 'Any business',
  description: 'Answers questions, takes messages and books appointments for any kind of business.',
  purpose: 'answers the phone for {{ company_name }}',
  firstMessage: 'Hello, you have reached {{ company_name }}. How can I help you today?',
  system: 'You answer the phone for {{ company_name }}. This is a demo built for {{ name }}.',
}

/** A template that says the optional details where they are given, and does without them where not. */
export const DENTAL_TEMPLATE: AgentTemplateSource = {
  id: 'dental',
  label: 'Dental practice',
  description: 'Books check-ups, cleanings and urgent visits.',
  purpose: 'answers the phone for {{ company_name }} and books check-ups',
  firstMessage:
    'Thank you for calling {{ company_name }}{% if city %} in {{ city }}{% endif %}. Are you calling to book a visit?',
  system:
    'You are Ava, the receptionist of {{ company_name }}, a dental practice{% if city %} in {{ city }}{% endif %}. ' +
    'The practice is open {{ opening_hours | default: "at hours the team will confirm" }}.',
}

/** `GET templates`: the general one first, as the server lists them. */
export const TEMPLATES_ANSWER: AgentTemplateListResponse = { templates: [GENERAL_TEMPLATE, DENTAL_TEMPLATE] }

export const MAYA_FIELDS: ProspectFields = {
  slug: 'bright-smile-dental',
  name: 'Dr. Maya Patel',
  company_name: 'Bright Smile Dental',
  template: 'dental',
  city: 'Austin',
  services: null,
  opening_hours: 'Monday to Friday, 8 am to 6 pm',
  website: null,
  booking_link: null,
  phone: null,
  description: null,
  logo: null,
  theme_color: null,
  first_message: null,
  system: null,
  assistant_id: null,
}

const STAMP = { at: '2026-03-02T14:05:00Z', rep: ANN }

/** What the server answers a rep about a prospect of their own: change it, not give it away. */
export const OWN_RIGHTS: ProspectRights = { change: true, takeOver: false, reassign: false, refusal: null }
/** What the server answers an admin about any prospect. */
export const ADMIN_RIGHTS: ProspectRights = { change: true, takeOver: false, reassign: true, refusal: null }
/** What the server answers a rep about `owner`'s prospect (null: nobody's, which they may take over). */
export const othersRights = (owner: Rep | null): ProspectRights => ({
  change: false,
  takeOver: owner === null,
  reassign: false,
  refusal: { status: 'not_your_prospect', owner },
})

export const MAYA_DETAIL: RepProspectDetail = {
  fields: MAYA_FIELDS,
  // As the server renders it (its own copy of the templates), not as these fixtures would.
  agent: {
    firstMessage: 'Thank you for calling Bright Smile Dental in Austin. How may I help?',
    system: 'You are Ava, the receptionist of Bright Smile Dental in Austin, open Monday to Friday.',
  },
  owner: ANN,
  rights: OWN_RIGHTS,
  created: { at: '2026-03-01T09:00:00Z', rep: null },
  updated: STAMP,
  history: [
    { action: 'update', slug: MAYA_FIELDS.slug, stamp: STAMP, changed: ['system'] },
    {
      action: 'import',
      slug: MAYA_FIELDS.slug,
      stamp: { at: '2026-03-01T09:00:00Z', rep: null },
      changed: [],
    },
  ],
}

/** A list answer of `count` rows out of `total`. */
export function listAnswer(total: number, page = 1, count = Math.min(total, 50)): RepProspectListResponse {
  const prospects = Array.from({ length: count }, (_, i) => ({
    slug: `prospect-${page}-${i}`,
    name: `Contact ${i}`,
    companyName: `Company ${page}-${i}`,
    logo: null,
    owner: ANN,
    updated: STAMP,
    rights: OWN_RIGHTS,
  }))
  return { prospects, total, page, pageSize: 50 }
}

/** The catalogue's error body, with `fields` or `problems` where given. */
export const errorAnswer = (status: number, code: string, message: string, extra: object = {}): Response =>
  Response.json({ error: { code, message, ...extra } }, { status })

/** The request the page made last (asserting there is one). */
export function last(requests: PendingRequest[]): PendingRequest {
  const request = requests.at(-1)
  if (!request) throw new Error('no request was made')
  return request
}

/** Answers a request and lets the page render what it got. */
export async function answer(request: PendingRequest, res: Response): Promise<void> {
  await act(async () => request.respond(res))
}

/** The request to `url` still unanswered (the newest, if several). */
export function pending(requests: PendingRequest[], url: string | RegExp): PendingRequest {
  const found = requests.findLast((request) =>
    typeof url === 'string' ? request.url === url : url.test(request.url),
  )
  if (!found) throw new Error(`no request to ${url}; made: ${requests.map((r) => r.url).join(', ')}`)
  return found
}
