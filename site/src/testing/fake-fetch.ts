import { vi } from 'vitest'
import type { Prospect, ProspectResponse } from '#core/prospect.ts'

export const MAYA: Prospect = {
  slug: 'bright-smile-dental',
  name: 'Dr. Maya Patel',
  companyName: 'Bright Smile Dental',
  firstMessage: 'Hi, this is the Bright Smile Dental assistant.',
  system: 'You are the assistant of a dental practice.',
  variables: { name: 'Dr. Maya Patel', company_name: 'Bright Smile Dental', city: 'Austin' },
  assistantId: null,
}

export const JAMES: Prospect = {
  ...MAYA,
  slug: 'harbor-realty',
  name: 'James Carter',
  companyName: 'Harbor Realty Group',
  variables: { name: 'James Carter', company_name: 'Harbor Realty Group' },
}

export const VISITOR: Prospect = {
  ...MAYA,
  slug: 'visitor',
  name: 'there',
  companyName: 'your business',
  variables: { name: 'there', company_name: 'your business' },
}

const FEATURES = { browserCall: true, phoneCall: true, videoCall: true }

/** The API's answer for `prospect`, as a body. */
export const answerBody = (prospect: Prospect, fallback = false): ProspectResponse => ({
  prospect,
  fallback,
  features: FEATURES,
  unavailableReason: '',
})

export const answerProspect = (prospect: Prospect, fallback = false): Response =>
  Response.json(answerBody(prospect, fallback))

export interface PendingRequest {
  url: string
  method: string
  headers: Headers
  /** The body as sent (a string for JSON and CSV), or null. */
  body: unknown
  credentials: RequestCredentials | undefined
  signal: AbortSignal | undefined
  respond: (res: Response) => void
  fail: (error: unknown) => void
}

/**
 * Replaces global fetch with one whose answers the test gives by hand, so a test can look at the
 * page while a request is still in flight. Rejects with AbortError when the caller aborts, unless
 * `ignoreAbort` (a network that answers anyway: the caller must drop the answer itself).
 */
export function installFakeFetch({ ignoreAbort = false } = {}): PendingRequest[] {
  const requests: PendingRequest[] = []
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    return new Promise<Response>((resolve, reject) => {
      const signal = init?.signal ?? undefined
      if (!ignoreAbort)
        signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))
      requests.push({
        url: String(input),
        method: init?.method ?? 'GET',
        headers: new Headers(init?.headers),
        body: init?.body ?? null,
        credentials: init?.credentials,
        signal,
        respond: resolve,
        fail: reject,
      })
    })
  })
  vi.stubGlobal('fetch', fetch)
  return requests
}
