import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import { CSRF_HEADER, REP_API_PATH } from '#core/rep-api.ts'
import { getCsrfToken, markSignedOut } from '../session/session-store.ts'
import { readRepFailure } from './rep-failure.ts'

export type RepMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RepRequestOptions {
  method?: RepMethod
  /** Sent as JSON. */
  json?: unknown
  signal?: AbortSignal
}

/**
 * A path of the reps' API, relative to the page: these pages are served from the API's origin (the
 * static host proxies `/api/reps/*` in production), so the session cookie is first-party.
 */
export const getRepApiUrl = (path: string): string => `${REP_API_PATH}/${path}`

/**
 * The headers of every request: JSON answers, and on a write the session's CSRF token (the server
 * refuses a write without it with 403 `csrf_failed`).
 */
export function getRepHeaders(method: RepMethod, contentType?: string): Headers {
  const headers = new Headers({ accept: 'application/json' })
  if (contentType) headers.set('content-type', contentType)
  const token = getCsrfToken()
  if (method !== 'GET' && token !== null) headers.set(CSRF_HEADER, token)
  return headers
}

/**
 * One request to the reps' API, with the session cookie. Resolves with the answer's JSON (undefined
 * for 204); rejects with a RepRequestFailure carrying the server's message and details, with
 * `unavailable` when the network fails, or with the abort as is.
 */
export async function requestRep<T>(path: string, options: RepRequestOptions = {}): Promise<T> {
  const { method = 'GET', json, signal } = options
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: getRepHeaders(method, json === undefined ? undefined : 'application/json'),
  }
  if (json !== undefined) init.body = JSON.stringify(json)
  if (signal) init.signal = signal
  let res: Response
  try {
    res = await fetch(getRepApiUrl(path), init)
  } catch (cause) {
    if (signal?.aborted) throw cause
    throw new RequestFailure('unavailable', UNAVAILABLE_MESSAGE, 0, { cause })
  }
  return readRepAnswer<T>(res)
}

/**
 * Turns an answer into its JSON or a RepRequestFailure. Any 401 means nobody is signed in in this
 * tab (a session that expired or was ended, or a refused sign-in), so the pages are told at once.
 */
export async function readRepAnswer<T>(res: Response): Promise<T> {
  if (!res.ok) {
    const failure = await readRepFailure(res)
    if (res.status === 401) markSignedOut()
    throw failure
  }
  if (res.status === 204) return undefined as T
  const body: unknown = await res.json().catch(() => null)
  // A proxy or a stale deploy answering 200 with something else: not ours to read.
  if (typeof body !== 'object' || body === null) {
    throw new RequestFailure('unavailable', UNAVAILABLE_MESSAGE, res.status)
  }
  return body as T
}
