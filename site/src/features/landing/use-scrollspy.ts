import { useEffect, useState } from 'react'
import { HOME_ID, pickCurrentSection } from './nav-items.ts'

/** Fraction of the viewport height where a section counts as "being read". */
const READING_LINE = 0.35

/**
 * The id of the section the visitor is reading. An IntersectionObserver with a thin band at the
 * reading line wakes us only when a section crosses it, so nothing runs on every scroll event.
 */
export function useScrollspy(ids: readonly string[]): string {
  const [current, setCurrent] = useState(HOME_ID)
  useEffect(() => {
    const sections = ids.flatMap((id) => document.getElementById(id) ?? [])
    const update = () => {
      // A section with no box is not being read: the landing page keeps its sections out of the layout
      // until the hero has painted, and the page may hydrate before then.
      const tops = sections
        .filter((section) => section.getClientRects().length > 0)
        .map((section) => ({ id: section.id, top: section.getBoundingClientRect().top }))
      setCurrent(pickCurrentSection(tops, window.innerHeight * READING_LINE))
    }
    const band = `-${READING_LINE * 100}% 0px -${100 - READING_LINE * 100 - 1}% 0px`
    const observer = new IntersectionObserver(update, { rootMargin: band })
    for (const section of sections) observer.observe(section)
    update()
    return () => observer.disconnect()
  }, [ids])
  return current
}
