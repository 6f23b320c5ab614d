import { ApiError, readErrorResponse, UNAVAILABLE_MESSAGE } from '../../../../core/api-error.ts'
import {
  isValidSlug,
  type Prospect,
  type ProspectResponse,
  SLUG_RULE_MESSAGE,
} from '../../../../core/prospect.ts'
import { getApiUrl } from '../../lib/api-url.ts'

/** What a look-up found: the prospect, or nobody (the API's fallback answer). */
export type LookupResult = { kind: 'found'; prospect: Prospect } | { kind: 'missing' }

const isString = (value: unknown): value is string => typeof value === 'string'

/**
 * Looks one slug up through the public `GET /api/prospects/:slug`. A `fallback: true` answer is
 * the page for unknown links, so here it means "no such prospect": a rep must never send out the
 * fallback's snippet thinking it is the prospect's. Rejects with an ApiError whose message a person
 * can read; an abort rejects as is.
 */
export async function lookupProspect(slug: string, signal: AbortSignal): Promise<LookupResult> {
  // A `?slug=` typed by hand can break the rule; no need to ask the API about it.
  if (!isValidSlug(slug)) throw new ApiError('slug_invalid', SLUG_RULE_MESSAGE)
  let res: Response
  try {
    res = await fetch(getApiUrl(`/api/prospects/${encodeURIComponent(slug)}`), {
      signal,
      headers: { accept: 'application/json' },
    })
  } catch (cause) {
    if (signal.aborted) throw cause
    throw new ApiError('unavailable', UNAVAILABLE_MESSAGE, 0, { cause })
  }
  if (!res.ok) {
    const error = await readErrorResponse(res)
    // Even the fallback is missing (404): for this page that is the same answer, nobody by that slug.
    if (error.code === 'prospect_not_found') return { kind: 'missing' }
    throw error
  }
  const body = (await res.json().catch(() => null)) as Partial<ProspectResponse> | null
  const prospect = body?.prospect
  if (!prospect || !isString(prospect.slug) || !isString(prospect.name) || !isString(prospect.companyName)) {
    throw new ApiError('unavailable', UNAVAILABLE_MESSAGE, res.status)
  }
  return body.fallback === false ? { kind: 'found', prospect } : { kind: 'missing' }
}
