import type { MouseEvent } from 'react'

/**
 * The in-app URL for a click on a link, or null when the browser should handle it: new tab or window
 * (modifier keys, middle button, target), downloads, other origins and in-page `#hash` jumps.
 */
export function getInAppHref(event: MouseEvent<HTMLAnchorElement>): string | null {
  const anchor = event.currentTarget
  if (event.defaultPrevented || event.button !== 0) return null
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null
  const url = new URL(anchor.href, window.location.href)
  if (url.origin !== window.location.origin) return null
  const samePage = url.pathname === window.location.pathname && url.search === window.location.search
  if (samePage && url.hash) return null
  return url.pathname + url.search + url.hash
}
