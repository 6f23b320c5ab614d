import { vi } from 'vitest'
import type { Prospect, ProspectResponse } from '#core/prospect.ts'
import { type DemoFeatures, describeUnavailable } from '#core/public-config.ts'

export const prospects: Record<string, Prospect> = {
  visitor: {
    slug: 'visitor',
    name: 'there',
    companyName: 'your business',
    firstMessage: 'Hi there!',
    system: 'You are a helpful receptionist.',
    variables: { name: 'there', company_name: 'your business' },
    assistantId: null,
  },
  'bright-smile-dental': {
    slug: 'bright-smile-dental',
    name: 'Dr. Maya Patel',
    companyName: 'Bright Smile Dental',
    firstMessage: 'Thanks for calling Bright Smile Dental!',
    system: 'You are the receptionist of Bright Smile Dental.',
    variables: { name: 'Dr. Maya Patel', company_name: 'Bright Smile Dental', city: 'Springfield' },
    assistantId: null,
  },
  'harbor-realty': {
    slug: 'harbor-realty',
    name: 'James Carter',
    companyName: 'Harbor Realty Group',
    firstMessage: 'Harbor Realty, how can I help?',
    system: 'You are the assistant of Harbor Realty Group.',
    variables: { name: 'James Carter', company_name: 'Harbor Realty Group' },
    assistantId: null,
  },
}

/** The visit token every fake visit carries (the server signs one per prospect and visit). */
export const FAKE_VISIT_TOKEN = 'tyf0w0.0123456789abcdef0123456789abcdef'

/** The visit the fake server begins for `slug`: its id names the slug, for the assertions. */
export const fakeVisitOf = (slug: string) => ({
  id: `visit-${slug}`.padEnd(16, '-').slice(0, 64),
  token: FAKE_VISIT_TOKEN,
})

/** Every demo on: the buttons UI tests press are live unless a test turns one off. */
export const ALL_DEMOS: DemoFeatures = { browserCall: true, phoneCall: true, videoCall: true }

/** The server's answer for `slug` (unknown slugs fall back to `visitor`), with the demos that work. */
export function prospectAnswer(slug: string, features: Partial<DemoFeatures> = {}): ProspectResponse {
  const prospect = prospects[slug]
  const demos = { ...ALL_DEMOS, ...features }
  return {
    prospect: prospect ?? (prospects.visitor as Prospect),
    fallback: !prospect,
    features: demos,
    unavailableReason: describeUnavailable(demos),
  }
}

/**
 * Answers like the server: `GET …/api/prospects/:slug` with `features` (all on unless given), `POST
 * …/api/visits` with {@link fakeVisitOf}, and
 * `GET …/api/config` without a Vapi public key, so a browser call that gets as far as the config says
 * the voice demo is not configured.
 */
export function answerLikeTheServer(
  input: RequestInfo | URL,
  features: Partial<DemoFeatures> = {},
  init?: RequestInit,
): Response {
  if (String(input).endsWith('/api/visits')) {
    const { slug } = JSON.parse(String(init?.body)) as { slug: string }
    return Response.json({ visit: fakeVisitOf(slug) }, { status: 201 })
  }
  if (String(input).endsWith('/api/config')) {
    return Response.json({
      productName: 'CallPilot',
      voice: null,
      features: { browserCall: false, phoneCall: false, videoCall: false },
    })
  }
  const slug = String(input).split('/api/prospects/')[1] ?? ''
  return Response.json(prospectAnswer(slug, features))
}

/**
 * Replaces the global fetch, answering like the server with `features`; a test decides other answers
 * with `mockImplementation`.
 */
export function stubFetch(features: Partial<DemoFeatures> = {}) {
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(answerLikeTheServer(input, features, init)),
  )
  vi.stubGlobal('fetch', fetch)
  return fetch
}
