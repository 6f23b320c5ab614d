import { useSyncExternalStore } from 'react'

/** Fired on `window` after our own pushState; the browser fires `popstate` only for back/forward. */
const NAVIGATE_EVENT = 'site:navigate'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange)
  window.addEventListener(NAVIGATE_EVENT, onChange)
  return () => {
    window.removeEventListener('popstate', onChange)
    window.removeEventListener(NAVIGATE_EVENT, onChange)
  }
}

const getPathname = (): string => window.location.pathname

/** Only `/` is prerendered (scripts/prerender-site.ts), so that is the path on the server and while hydrating. */
const getServerPathname = (): string => '/'

/** The current pathname; re-renders on navigate(), back and forward. */
export const usePathname = (): string => useSyncExternalStore(subscribe, getPathname, getServerPathname)

/** Client-side navigation to a same-origin URL, starting at the top of the new page. */
export function navigate(to: string): void {
  const current = window.location.pathname + window.location.search + window.location.hash
  if (to !== current) window.history.pushState(null, '', to)
  window.scrollTo({ top: 0, behavior: 'instant' })
  window.dispatchEvent(new Event(NAVIGATE_EVENT))
}
