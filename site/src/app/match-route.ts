/** The pages of the site. `/` is the landing page; `/{slug}` a prospect page; `/_/…` the site's own. */
export type Route =
  | { page: 'landing' }
  | { page: 'prospect'; slug: string }
  | { page: 'onboarding' }
  | { page: 'reps' }
  | { page: 'privacy' }
  | { page: 'terms' }
  | { page: 'not-found' }

/** Paths under `/_/` can never be prospect slugs ([a-z0-9-]), so the site reserves them for its own pages. */
const ONBOARDING_PATH = /^\/_\/onboarding\/?$/
/**
 * The sales reps' pages (features/reps reads which one): sign-in, setting a password, the activity, the prospects
 * and each prospect's pages, `/_/` itself and the older `/_/snippets`, which redirect.
 */
const REPS_PATH = /^\/_\/(?:sign-in|set-password|snippets|activity|prospects(?:\/[^/]+(?:\/edit)?)?)?\/?$/

/**
 * Maps a pathname to a page. One path segment is a prospect slug, checked later by the prospect
 * page so that a bad slug shows the API's own message; deeper paths are not pages.
 */
export function matchRoute(pathname: string): Route {
  if (pathname === '/' || pathname === '') return { page: 'landing' }
  if (ONBOARDING_PATH.test(pathname)) return { page: 'onboarding' }
  if (REPS_PATH.test(pathname)) return { page: 'reps' }
  if (/^\/privacy\/?$/.test(pathname)) return { page: 'privacy' }
  if (/^\/terms\/?$/.test(pathname)) return { page: 'terms' }
  const segment = /^\/([^/]+)\/?$/.exec(pathname)?.[1]
  if (segment === undefined) return { page: 'not-found' }
  try {
    return { page: 'prospect', slug: decodeURIComponent(segment) }
  } catch {
    return { page: 'not-found' } // malformed percent-encoding
  }
}
