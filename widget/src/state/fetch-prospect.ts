import { ApiError, UNAVAILABLE_MESSAGE } from '../../../core/api-error.ts'
import { isValidSlug, type ProspectResponse, SLUG_RULE_MESSAGE } from '../../../core/prospect.ts'
import { fetchApi, setupError } from './fetch-api.ts'

/**
 * Loads the prospect for `slug` from `GET {apiBase}/api/prospects/{slug}`. Rejects with an ApiError
 * whose message can be shown as is, or with the AbortError of `signal`.
 */
export async function fetchProspect(
  slug: string,
  apiBase: string,
  signal: AbortSignal,
): Promise<ProspectResponse> {
  if (!isValidSlug(slug)) throw setupError('slug_invalid', SLUG_RULE_MESSAGE, `slug="${slug}"`)
  const body = await fetchApi(`api/prospects/${slug}`, apiBase, { signal })
  if (!isProspectResponse(body)) {
    throw new ApiError('unavailable', UNAVAILABLE_MESSAGE, 0, { cause: new Error('bad prospect body') })
  }
  return body
}

function isProspectResponse(body: unknown): body is ProspectResponse {
  const prospect = (body as Partial<ProspectResponse> | null)?.prospect
  return (
    typeof prospect === 'object' &&
    prospect !== null &&
    typeof prospect.slug === 'string' &&
    typeof prospect.name === 'string' &&
    typeof prospect.companyName === 'string'
  )
}
