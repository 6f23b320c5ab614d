import { AppError, readErrorResponse } from '../../../core/errors.ts'

/** Shown when the request never got an answer (offline, DNS, a blocked request). */
export const NETWORK_ERROR_MESSAGE = 'Could not reach the demo service. Check your connection and try again.'

/**
 * The origin the widget's own script came from: where our API lives unless `api-base` says otherwise.
 * (`@vite-ignore`: the chunk's own URL at run time, not an asset for Vite to bundle.)
 */
export const getDefaultApiBase = (): string => new URL(/* @vite-ignore */ '/', import.meta.url).href

/**
 * `GET {apiBase}/{path}` as JSON. Rejects with an AppError whose message can be shown as is, or with
 * the AbortError of `signal`.
 */
export async function fetchApi(path: string, apiBase: string, signal?: AbortSignal): Promise<unknown> {
  let url: URL
  try {
    // A trailing slash keeps a path in api-base (https://example.com/demo/ → /demo/api/...).
    url = new URL(path, new URL(apiBase.replace(/\/*$/, '/'), import.meta.url))
  } catch (cause) {
    throw new AppError('bad_request', { cause, message: 'The api-base attribute is not a valid URL.' })
  }
  let res: Response
  try {
    res = await fetch(url, { headers: { accept: 'application/json' }, ...(signal ? { signal } : {}) })
  } catch (cause) {
    if (signal?.aborted) throw cause
    throw new AppError('unavailable', { cause, message: NETWORK_ERROR_MESSAGE })
  }
  if (!res.ok) throw await readErrorResponse(res)
  return res.json().catch(() => null)
}
