import { navigate } from '../../lib/router.ts'

export interface GoToOptions {
  /** No new history entry: a redirect, or a search being typed. */
  replace?: boolean
  /** Stay where the page is scrolled: the same page with another query (a sort, a filter). */
  keepScroll?: boolean
}

/**
 * The site's navigate() with the two choices the reps' pages need, built on it rather than added to
 * it, so the site's first bundle does not grow for them: the address is replaced first (navigate then
 * adds no entry for an address already shown, and only tells the router), and the scroll position
 * navigate resets is put back in the same task, before anything is painted.
 */
export function goTo(to: string, { replace = false, keepScroll = false }: GoToOptions = {}): void {
  const scrolled = window.scrollY
  if (replace) window.history.replaceState(null, '', to)
  navigate(replace ? window.location.pathname + window.location.search + window.location.hash : to)
  if (keepScroll) window.scrollTo({ top: scrolled, behavior: 'instant' })
}
