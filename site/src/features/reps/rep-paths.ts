import { REP_PROSPECTS_PAGE } from '#core/rep-api.ts'

/** The reps' pages' addresses, built in one place. Slugs are [a-z0-9-], but encoded all the same. */
export const SIGN_IN_PATH = '/_/sign-in'
export const LIST_PATH = REP_PROSPECTS_PAGE
/** What the prospects did, newest first. */
export const ACTIVITY_PATH = '/_/activity'
/**
 * Where a rep lands when no page was asked for (signing in, `/_/`, the logo): who engaged and who is
 * hot, the list a rep works from each day to follow up while it is fresh.
 */
export const REP_HOME_PATH = ACTIVITY_PATH
export const NEW_PATH = '/_/prospects/new'
export const IMPORT_PATH = '/_/prospects/import'
/** The team: admins invite reps and manage their accounts. */
export const TEAM_PATH = '/_/team'

/** The team's outgoing webhooks: admins add them and read their delivery logs. */
export const WEBHOOKS_PATH = '/_/webhooks'

/** The rep's own profile: the name, scheduling link and photo prospects see beside "Book a call". */
export const PROFILE_PATH = '/_/profile'

/** The deleted prospects, the latest deletion first; each one's page is found by its id. */
export const DELETED_PATH = '/_/deleted'

export const getProspectPath = (slug: string): string => `${LIST_PATH}/${encodeURIComponent(slug)}`
export const getDeletedProspectPath = (id: string): string => `${DELETED_PATH}/${encodeURIComponent(id)}`
export const getEditPath = (slug: string): string => `${getProspectPath(slug)}/edit`

/**
 * The edit form with the prospect's website being read as it opens ("Refresh from website"): the rep
 * sees what would change, beside what is saved, before accepting and saving.
 */
export const getWebsiteRefreshPath = (slug: string): string => `${getEditPath(slug)}?refresh=website`

/** Whether the address asks the form to read the website as it opens (getWebsiteRefreshPath). */
export const isWebsiteRefresh = (search: string): boolean =>
  new URLSearchParams(search).get('refresh') === 'website'

/** The sign-in page, returning to `next` afterwards. */
export const getSignInPath = (next: string): string => `${SIGN_IN_PATH}?next=${encodeURIComponent(next)}`

/**
 * Where sign-in may send a rep: a path under `/_/` on this origin, else the reps' home. Anything else in
 * `?next=` (another origin, `//host`, a backslash or `..` trick, the sign-in page itself) would let a
 * link send a rep somewhere after typing their password; no page of ours has `//` or `\` in its path.
 */
export function getSafeNext(next: string | null): string {
  if (!next?.startsWith('/_/') || next.startsWith(SIGN_IN_PATH) || /\\|\/\//.test(next)) return REP_HOME_PATH
  try {
    const url = new URL(next, window.location.origin)
    if (url.origin !== window.location.origin || !url.pathname.startsWith('/_/')) return REP_HOME_PATH
    return url.pathname + url.search + url.hash
  } catch {
    return REP_HOME_PATH
  }
}
