import { vi } from 'vitest'
import type { Prospect, ProspectResponse } from '../../../core/prospect.ts'

export const prospects: Record<string, Prospect> = {
  visitor: {
    slug: 'visitor',
    name: 'there',
    companyName: 'your business',
    firstMessage: 'Hi there!',
    system: 'You are a helpful receptionist.',
    assistantId: null,
  },
  'bright-smile-dental': {
    slug: 'bright-smile-dental',
    name: 'Dr. Maya Patel',
    companyName: 'Bright Smile Dental',
    firstMessage: 'Thanks for calling Bright Smile Dental!',
    system: 'You are the receptionist of Bright Smile Dental.',
    assistantId: null,
  },
  'harbor-realty': {
    slug: 'harbor-realty',
    name: 'James Carter',
    companyName: 'Harbor Realty Group',
    firstMessage: 'Harbor Realty, how can I help?',
    system: 'You are the assistant of Harbor Realty Group.',
    assistantId: null,
  },
}

/**
 * Answers like the server on its embedded defaults: `GET …/api/prospects/:slug` (unknown slugs fall
 * back to `visitor`) and `GET …/api/config` (no Vapi public key configured).
 */
export function answerLikeTheServer(input: RequestInfo | URL): Response {
  if (String(input).endsWith('/api/config')) {
    return Response.json({
      productName: 'CallPilot',
      voice: null,
      features: { browserCall: false, phoneCall: false, videoCall: false },
    })
  }
  const slug = String(input).split('/api/prospects/')[1] ?? ''
  const prospect = prospects[slug]
  const body: ProspectResponse = prospect
    ? { prospect, fallback: false }
    : { prospect: prospects.visitor as Prospect, fallback: true }
  return Response.json(body)
}

/** Replaces the global fetch; each test decides the answers with `mockImplementation`. */
export function stubFetch() {
  const fetch = vi.fn((input: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(answerLikeTheServer(input)),
  )
  vi.stubGlobal('fetch', fetch)
  return fetch
}
