import { act } from '@testing-library/react'
import type {
  ProspectFields,
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

export const MAYA_FIELDS: ProspectFields = {
  slug: 'bright-smile-dental',
  name: 'Dr. Maya Patel',
  company_name: 'Bright Smile Dental',
  first_message: 'Hi, this is the Bright Smile Dental assistant.',
  system: 'You are the assistant of a dental practice.',
  assistant_id: null,
}

const STAMP = { at: '2026-03-02T14:05:00Z', rep: ANN }

export const MAYA_DETAIL: RepProspectDetail = {
  fields: MAYA_FIELDS,
  owner: ANN,
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
    owner: ANN,
    updated: STAMP,
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
