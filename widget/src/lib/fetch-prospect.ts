import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import { type ProspectResponse, SLUG_PATTERN, SLUG_RULE_MESSAGE } from '#core/prospect.ts'
import { fetchApi, setupError } from './fetch-api.ts'

/** Requests still in flight, by URL: two elements showing one prospect ask once between them. */
const inFlight = new Map<string, Promise<ProspectResponse>>()
/** The latest request to each API, whatever the prospect: see {@link fetchAnyProspect}. */
const latest = new Map<string, Promise<ProspectResponse>>()
/** Answers the page carried (a `<voice-demo>`'s `data-prospect`), by the same key as requests. */
const onPage = new Map<string, ProspectResponse>()

/**
 * Keeps an answer the page carried for `slug`, while the element that carried it is on the page: the
 * panel shows it at once and no request is made for it. Ignored unless it has the shape of an answer
 * (a hand-edited page, say). Returns what forgets it, for when that element leaves: a page that
 * carried a draft (the reps' form previews an unsaved prospect) must not answer for the saved one.
 */
export function keepPageAnswer(slug: string, apiBase: string, body: unknown): () => void {
  if (!isProspectResponse(body)) return () => {}
  const key = `${baseKey(apiBase)} ${slug}`
  const carried = Promise.resolve(body)
  onPage.set(key, body)
  latest.set(baseKey(apiBase), carried)
  return () => {
    if (onPage.get(key) === body) onPage.delete(key)
    if (latest.get(baseKey(apiBase)) === carried) latest.delete(baseKey(apiBase))
  }
}

/** The answer the page carried for `slug`, if it did. */
export const pageAnswer = (slug: string, apiBase: string): ProspectResponse | undefined =>
  onPage.get(`${baseKey(apiBase)} ${slug}`)

/**
 * Loads the prospect for `slug` from `GET {apiBase}/api/prospects/{slug}`, with the demos that work for
 * it. Rejects with a RequestFailure whose message can be shown as is. A caller that no longer needs the
 * answer ignores it: the request may be another caller's too.
 */
export async function fetchProspect(slug: string, apiBase: string): Promise<ProspectResponse> {
  // The slug's shape only: which slugs the server keeps for its own pages is the server's to say
  // (it answers those with the same message), and its list would cost the first paint its bytes.
  if (!SLUG_PATTERN.test(slug)) throw setupError('slug_invalid', SLUG_RULE_MESSAGE, `slug="${slug}"`)
  const key = `${baseKey(apiBase)} ${slug}`
  let answer = inFlight.get(key)
  if (!answer) {
    answer = fetchApi(`api/prospects/${slug}`, apiBase)
      .then((body) => {
        if (isProspectResponse(body)) {
          return body
        }
        throw new RequestFailure('unavailable', UNAVAILABLE_MESSAGE, 0, {
          cause: new Error('bad prospect body'),
        })
      })
      .finally(() => inFlight.delete(key))
    inFlight.set(key, answer)
    latest.set(baseKey(apiBase), answer)
  }
  return answer
}

/**
 * An answer from `apiBase` for any prospect: the page's latest one (the panel's, usually), else one for
 * `slug`. For what does not depend on the prospect, such as whether video calls are configured, so a
 * page asks once.
 */
export function fetchAnyProspect(slug: string, apiBase: string): Promise<ProspectResponse> {
  return (
    latest.get(baseKey(apiBase))?.catch(() => fetchProspect(slug, apiBase)) ?? fetchProspect(slug, apiBase)
  )
}

/** `https://x` and `https://x/` are one API. */
const baseKey = (apiBase: string) => apiBase.replace(/\/+$/, '')

/** An answer of ours: every one names its prospect and the demos that work (an error page or stray JSON does not). */
function isProspectResponse(body: unknown): body is ProspectResponse {
  const { prospect, features } = (body ?? {}) as Partial<ProspectResponse>
  return typeof prospect?.slug === 'string' && typeof features?.browserCall === 'boolean'
}
