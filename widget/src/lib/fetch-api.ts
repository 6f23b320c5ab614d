import { RequestFailure, readErrorResponse } from '#core/api-error.ts'
import type { ErrorCode } from '#core/errors.ts'
import { apiUrl } from './api-url.ts'
import { takeEarly } from './early-requests.ts'
import { LOG_PREFIX } from './log-prefix.ts'

export { apiBaseOf, apiUrl } from './api-url.ts'

/** Shown when the request never got an answer (offline, DNS, a blocked request). */
export const NETWORK_ERROR_MESSAGE = 'Could not reach the demo service. Check your connection and try again.'

/**
 * A mistake in how the page set the widget up (a bad attribute): the panel shows the message and the
 * console says it once, with the product prefix, so the page's author can find it.
 */
export function setupError(
  code: ErrorCode,
  message: string,
  attribute: string,
  cause?: unknown,
): RequestFailure {
  console.warn(`${LOG_PREFIX} ${attribute}: ${message}`)
  return new RequestFailure(code, message, 0, { cause })
}

/**
 * `GET {apiBase}/{path}` (or the request `init` describes) as JSON. Rejects with a RequestFailure whose
 * message can be shown as is, or with the AbortError of `init.signal`.
 */
export async function fetchApi(path: string, apiBase: string, init: RequestInit = {}): Promise<unknown> {
  const { signal } = init
  let url: URL
  try {
    url = apiUrl(path, apiBase)
  } catch (cause) {
    throw setupError(
      'bad_request',
      'The api-base attribute is not a valid URL.',
      `api-base="${apiBase}"`,
      cause,
    )
  }
  let res: Response
  try {
    // No headers, and a JSON body goes as text/plain (the server reads JSON whatever the type): a
    // "simple" request, so a partner page's call needs no CORS preflight round trip first; and a GET
    // matches the preload the older snippet's widget.js starts (loader/prefetch.ts), so it is not asked twice.
    // A plain GET the boot already sent (early-requests.ts) is answered by that request.
    res = await ((!init.method && !init.signal && takeEarly(url.href)) || fetch(url, init))
  } catch (cause) {
    if (signal?.aborted) throw cause
    throw new RequestFailure('unavailable', NETWORK_ERROR_MESSAGE, 0, { cause })
  }
  if (!res.ok) throw await readErrorResponse(res)
  return res.json().catch(() => null)
}
