import { readErrorResponse } from '#core/api-error.ts'
import { AppError } from '#core/errors.ts'
import { isValidSlug, type ProspectResponse } from '#core/prospect.ts'
import { getApiUrl } from './api-url.ts'

const isString = (value: unknown): value is string => typeof value === 'string'

/** Guards against a proxy or a stale deploy answering 200 with something that is not our shape. */
function isProspectResponse(body: unknown): body is ProspectResponse {
  const { prospect, fallback } = (body ?? {}) as Partial<Record<keyof ProspectResponse, unknown>>
  if (typeof prospect !== 'object' || prospect === null || typeof fallback !== 'boolean') return false
  const { slug, name, companyName } = prospect as Record<string, unknown>
  return isString(slug) && isString(name) && isString(companyName)
}

/**
 * Loads one prospect from `GET /api/prospects/:slug`. Rejects with a RequestFailure whose message is
 * what the page shows: the API's own message (e.g. `Prospect "x" not found`), or "Failed to load
 * prospect data." when the network, the server or the answer fails. An abort rejects as is.
 */
export async function loadProspect(slug: string, signal: AbortSignal): Promise<ProspectResponse> {
  // Same rule as the API; checking here saves a round trip for links that can never match.
  if (!isValidSlug(slug)) throw new AppError('slug_invalid')
  let res: Response
  try {
    res = await fetch(getApiUrl(`/api/prospects/${encodeURIComponent(slug)}`), {
      signal,
      headers: { accept: 'application/json' },
    })
  } catch (cause) {
    if (signal.aborted) throw cause
    throw new AppError('prospect_unavailable', { cause })
  }
  if (!res.ok) {
    const error = await readErrorResponse(res)
    // A generic failure reads better in the words of this page.
    throw error.code === 'unavailable' ? new AppError('prospect_unavailable', { cause: error }) : error
  }
  const body: unknown = await res.json().catch(() => null)
  if (!isProspectResponse(body)) throw new AppError('prospect_unavailable')
  return body
}
