import {
  ACTIVITY_PATH,
  DELETED_PATH,
  getProspectPath,
  LIST_PATH,
  PROFILE_PATH,
  REP_HOME_PATH,
  TEAM_PATH,
} from './rep-paths.ts'

/** The reps' pages; app/match-route.ts hands every path under `/_/` that is one of them to this feature. */
export type RepRoute =
  | { page: 'sign-in' }
  | { page: 'set-password' }
  /** The first admin's, from the setup link the server prints while no admin exists. */
  | { page: 'setup' }
  | { page: 'list' }
  | { page: 'activity' }
  | { page: 'new' }
  | { page: 'import' }
  | { page: 'team' }
  | { page: 'profile' }
  | { page: 'detail'; slug: string }
  | { page: 'edit'; slug: string }
  | { page: 'deleted' }
  | { page: 'deleted-prospect'; id: string }
  /** An old or short address of a page: replaced by its own. */
  | { page: 'redirect'; to: string }
  | { page: 'not-found' }

/**
 * The page for a path. `new` and `import` are read before slugs, so a prospect with one of those
 * slugs has no page here (the slug rule allows them).
 */
export function matchRepRoute(pathname: string, search: string): RepRoute {
  const path = pathname.replace(/\/+$/, '')
  if (path === '/_') return { page: 'redirect', to: REP_HOME_PATH }
  if (path === '/_/sign-in') return { page: 'sign-in' }
  if (path === '/_/set-password') return { page: 'set-password' }
  if (path === '/_/setup') return { page: 'setup' }
  if (path === '/_/snippets') {
    // The page reps had before: `?slug=` was the prospect it showed.
    const slug = new URLSearchParams(search).get('slug')
    return { page: 'redirect', to: slug ? getProspectPath(slug) : LIST_PATH }
  }
  if (path === LIST_PATH) return { page: 'list' }
  if (path === ACTIVITY_PATH) return { page: 'activity' }
  if (path === TEAM_PATH) return { page: 'team' }
  if (path === PROFILE_PATH) return { page: 'profile' }
  if (path === DELETED_PATH) return { page: 'deleted' }
  const deleted = /^\/_\/deleted\/([^/]+)$/.exec(path)?.[1]
  const deletedId = deleted && decodeSegment(deleted)
  if (deletedId) return { page: 'deleted-prospect', id: deletedId }
  if (path === `${LIST_PATH}/new`) return { page: 'new' }
  if (path === `${LIST_PATH}/import`) return { page: 'import' }
  const match = /^\/_\/prospects\/([^/]+)(\/edit)?$/.exec(path)
  const slug = match?.[1] && decodeSegment(match[1])
  if (!match || !slug) return { page: 'not-found' }
  return match[2] ? { page: 'edit', slug } : { page: 'detail', slug }
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null // malformed percent-encoding
  }
}
