import { matchRepRoute } from '../features/reps/rep-route.ts'

/** The pages of the site. `/` is the landing page; `/{slug}` a prospect page; `/_/…` the site's own. */
export type Route =
  | { page: 'landing' }
  | { page: 'prospect'; slug: string }
  | { page: 'onboarding' }
  | { page: 'reps' }
  | { page: TopLevelPage }
  | { page: 'not-found' }

/** Paths under `/_/` can never be prospect slugs ([a-z0-9-]), so the site reserves them for its own pages. */
const ONBOARDING_PATH = /^\/_\/onboarding\/?$/
/**
 * The site's own pages at the top level, `/{page}`. A new one goes here: core's RESERVED_SLUGS must
 * hold it too, or a prospect could take its address (`server/src/reserved-slugs.test.ts` checks).
 */
export const TOP_LEVEL_PAGES = ['privacy', 'terms'] as const
type TopLevelPage = (typeof TOP_LEVEL_PAGES)[number]
const isTopLevelPage = (segment: string): segment is TopLevelPage =>
  (TOP_LEVEL_PAGES as readonly string[]).includes(segment)

/**
 * Maps a pathname to a page. One path segment is a prospect slug, checked later by the prospect
 * page so that a bad slug shows the API's own message; deeper paths are not pages.
 */
export function matchRoute(pathname: string): Route {
  if (pathname === '/' || pathname === '') return { page: 'landing' }
  if (ONBOARDING_PATH.test(pathname)) return { page: 'onboarding' }
  // The reps' pages are the reps feature's own list (rep-route.ts): one list, read in one place.
  if (isUnderReps(pathname) && matchRepRoute(pathname, '').page !== 'not-found') return { page: 'reps' }
  const segment = /^\/([^/]+)\/?$/.exec(pathname)?.[1]
  if (segment === undefined) return { page: 'not-found' }
  if (isTopLevelPage(segment)) return { page: segment }
  try {
    return { page: 'prospect', slug: decodeURIComponent(segment) }
  } catch {
    return { page: 'not-found' } // malformed percent-encoding
  }
}

/** `/_` alone is no page of ours (the prospect page refuses the slug); `/_/…` is the site's own. */
const isUnderReps = (pathname: string) => pathname.startsWith('/_/')
