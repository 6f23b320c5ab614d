/** The pages of the site. `/` is the landing page; `/{slug}` a prospect page. */
export type Route = { page: 'landing' } | { page: 'prospect'; slug: string } | { page: 'not-found' }

/**
 * Maps a pathname to a page. One path segment is a prospect slug, checked later by the prospect
 * page so that a bad slug shows the API's own message; deeper paths are not pages.
 */
export function matchRoute(pathname: string): Route {
  if (pathname === '/' || pathname === '') return { page: 'landing' }
  const segment = /^\/([^/]+)\/?$/.exec(pathname)?.[1]
  if (segment === undefined) return { page: 'not-found' }
  try {
    return { page: 'prospect', slug: decodeURIComponent(segment) }
  } catch {
    return { page: 'not-found' } // malformed percent-encoding
  }
}
