import { isValidSlug } from '#core/prospect.ts'
import { matchRoute } from '../../../site/src/app/match-route.ts'

/**
 * Whether `pathname` is a page of the site, answered with the app shell: `/`, the site's own pages
 * under `/_/`, and `/{slug}` for a slug that keeps the slug rule. The site's own router decides which
 * paths are pages, so the two never disagree; anything else (`/.env`, `/wp-login.php`, `/a/b`) is 404.
 */
export function isSitePage(pathname: string): boolean {
  const route = matchRoute(pathname)
  if (route.page === 'prospect') return isValidSlug(route.slug)
  return route.page !== 'not-found'
}
