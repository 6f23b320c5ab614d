import {
  ACTIVITY_PATH,
  DELETED_PATH,
  getDeletedProspectPath,
  getEditPath,
  getProspectPath,
  IMPORT_PATH,
  LIST_PATH,
  NEW_PATH,
  PROFILE_PATH,
  REP_HOME_PATH,
  SIGN_IN_PATH,
  TEAM_PATH,
  WEBHOOKS_PATH,
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
  | { page: 'webhooks' }
  | { page: 'profile' }
  | { page: 'detail'; slug: string }
  | { page: 'edit'; slug: string }
  | { page: 'deleted' }
  | { page: 'deleted-prospect'; id: string }
  /** An old or short address of a page: replaced by its own. */
  | { page: 'redirect'; to: string }
  | { page: 'not-found' }

/** What a page's address may name: a prospect's slug, a deleted prospect's id. */
export interface RepPageExample {
  slug: string
  deletedId: string
}

/** One page of the reps: how its address is read, and an address of it (for the tests that open each). */
export interface RepPage {
  /** The page's route for `path` (no trailing slash), or null when the path is not this page. */
  read(path: string, search: string): RepRoute | null
  /** An address that shows this page; null for the pages only a link from the server opens. */
  example: ((known: RepPageExample) => string) | null
  /** Whether the page is for signed-out people (signing in, a one-time link). */
  signedOut?: true
}

const exact =
  (address: string, route: RepRoute): RepPage['read'] =>
  (path) =>
    path === address ? route : null

/** `/_/prospects/{slug}` and the like: the one segment, percent-decoded; null for a malformed one. */
const withSegment =
  (pattern: RegExp, route: (segment: string) => RepRoute): RepPage['read'] =>
  (path) => {
    const segment = pattern.exec(path)?.[1]
    const decoded = segment === undefined ? null : decodeSegment(segment)
    return decoded ? route(decoded) : null
  }

/**
 * Every page of the reps, in the order addresses are read: `new` and `import` before slugs, so a
 * prospect with one of those slugs has no page here (the slug rule allows them). The site's router,
 * the server's answer for `/_/…` (through app/match-route.ts) and the end-to-end test that opens every
 * page all read this list, so a page added here is served and tested by construction.
 */
export const REP_PAGES: readonly RepPage[] = [
  { read: exact('/_', { page: 'redirect', to: REP_HOME_PATH }), example: () => '/_/' },
  { read: exact(SIGN_IN_PATH, { page: 'sign-in' }), example: () => SIGN_IN_PATH, signedOut: true },
  // Opened from a one-time link (its token in the fragment) or the setup link `npm start` prints.
  { read: exact('/_/set-password', { page: 'set-password' }), example: null, signedOut: true },
  { read: exact('/_/setup', { page: 'setup' }), example: null, signedOut: true },
  {
    // The page reps had before: `?slug=` was the prospect it showed.
    read: (path, search) => {
      if (path !== '/_/snippets') return null
      const slug = new URLSearchParams(search).get('slug')
      return { page: 'redirect', to: slug ? getProspectPath(slug) : LIST_PATH }
    },
    example: () => '/_/snippets',
  },
  { read: exact(LIST_PATH, { page: 'list' }), example: () => LIST_PATH },
  { read: exact(ACTIVITY_PATH, { page: 'activity' }), example: () => ACTIVITY_PATH },
  { read: exact(TEAM_PATH, { page: 'team' }), example: () => TEAM_PATH },
  { read: exact(WEBHOOKS_PATH, { page: 'webhooks' }), example: () => WEBHOOKS_PATH },
  { read: exact(PROFILE_PATH, { page: 'profile' }), example: () => PROFILE_PATH },
  { read: exact(DELETED_PATH, { page: 'deleted' }), example: () => DELETED_PATH },
  {
    read: withSegment(/^\/_\/deleted\/([^/]+)$/, (id) => ({ page: 'deleted-prospect', id })),
    example: ({ deletedId }) => getDeletedProspectPath(deletedId),
  },
  { read: exact(NEW_PATH, { page: 'new' }), example: () => NEW_PATH },
  { read: exact(IMPORT_PATH, { page: 'import' }), example: () => IMPORT_PATH },
  {
    read: withSegment(/^\/_\/prospects\/([^/]+)$/, (slug) => ({ page: 'detail', slug })),
    example: ({ slug }) => getProspectPath(slug),
  },
  {
    read: withSegment(/^\/_\/prospects\/([^/]+)\/edit$/, (slug) => ({ page: 'edit', slug })),
    example: ({ slug }) => getEditPath(slug),
  },
]

/** The page for a path: the first of {@link REP_PAGES} that reads it. */
export function matchRepRoute(pathname: string, search: string): RepRoute {
  const path = pathname.replace(/\/+$/, '')
  for (const page of REP_PAGES) {
    const route = page.read(path, search)
    if (route) return route
  }
  return { page: 'not-found' }
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null // malformed percent-encoding
  }
}
