import { HOME_ID } from './nav-items.ts'

/**
 * Scrolls to a section (Home: the top), smoothly unless the visitor asked for reduced motion, keeps
 * the address shareable, and moves keyboard focus there so Tab continues from the section.
 */
export function scrollToSection(id: string): void {
  const behavior = window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth'
  window.history.replaceState(window.history.state, '', id === HOME_ID ? window.location.pathname : `#${id}`)
  if (id === HOME_ID) {
    window.scrollTo({ top: 0, behavior })
    return
  }
  const section = document.getElementById(id)
  if (!section) return
  section.scrollIntoView({ behavior, block: 'start' })
  section.focus({ preventScroll: true })
}
