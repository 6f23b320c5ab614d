import { useSyncExternalStore } from 'react'

/** Fired on `window` after our own pushState; the browser fires `popstate` only for back/forward. */
const NAVIGATE_EVENT = 'site:navigate'

/** Calls `onChange` after every change of the address: our own navigate() and back/forward. */
export function subscribeToLocation(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange)
  window.addEventListener(NAVIGATE_EVENT, onChange)
  return () => {
    window.removeEventListener('popstate', onChange)
    window.removeEventListener(NAVIGATE_EVENT, onChange)
  }
}

const getPathname = (): string => window.location.pathname

/** The path being rendered on the server: `/` at build time, a prospect's page on request. */
let serverPathname = '/'

/** Sets the path the next server render is for (a render is synchronous, so one at a time). */
export function setServerPathname(pathname: string): void {
  serverPathname = pathname
}

/**
 * On the server, the path being rendered; while hydrating, the path the page was rendered for, which
 * is the browser's own (the server answers each path with that path's page).
 */
const getServerPathname = (): string =>
  typeof window === 'undefined' ? serverPathname : window.location.pathname

/** The current pathname; re-renders on navigate(), back and forward. */
export const usePathname = (): string =>
  useSyncExternalStore(subscribeToLocation, getPathname, getServerPathname)

/** Client-side navigation to a same-origin URL, starting at the top of the new page. */
export function navigate(to: string): void {
  const current = window.location.pathname + window.location.search + window.location.hash
  if (to !== current) window.history.pushState(null, '', to)
  window.scrollTo({ top: 0, behavior: 'instant' })
  window.dispatchEvent(new Event(NAVIGATE_EVENT))
}
