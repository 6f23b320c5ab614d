import { useEffect, useRef } from 'react'
import { focusHeading, trackLastInput, wasLastInputKeyboard } from '../../../lib/focus-heading.ts'

/**
 * After a move to another page (not on the first), focus goes to the new page's heading: a keyboard
 * user continues from the top of what they came to see rather than from the document's start, and a
 * screen reader announces the page. The heading may render after the page's data arrives; it is
 * waited for until the next move. Only a move made with the keyboard shows the focus ring on it: to a
 * pointer's user a ring around a heading is only a box.
 */
export function useFocusHeading(pathname: string): void {
  const shown = useRef(pathname)
  useEffect(() => trackLastInput(), [])
  useEffect(() => {
    if (shown.current === pathname) return
    shown.current = pathname
    const tryFocus = (): boolean => {
      const heading = document.querySelector<HTMLElement>('main h1')
      if (!heading) return false
      focusHeading(heading, wasLastInputKeyboard())
      return true
    }
    if (tryFocus()) return
    const observer = new MutationObserver(() => {
      if (tryFocus()) observer.disconnect()
    })
    observer.observe(document.body, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [pathname])
}
