import { useEffect, useRef } from 'react'

/**
 * After a move to another page (not on the first), focus goes to the new page's heading: a keyboard
 * user continues from the top of what they came to see rather than from the document's start, and a
 * screen reader announces the page. The heading may render after the page's data arrives; it is
 * waited for until the next move.
 */
export function useFocusHeading(pathname: string): void {
  const shown = useRef(pathname)
  useEffect(() => {
    if (shown.current === pathname) return
    shown.current = pathname
    const focusHeading = (): boolean => {
      const heading = document.querySelector<HTMLElement>('main h1')
      if (!heading) return false
      // Focusable from script only: the heading is not a stop for Tab.
      heading.tabIndex = -1
      heading.focus()
      return true
    }
    if (focusHeading()) return
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect()
    })
    observer.observe(document.body, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [pathname])
}
