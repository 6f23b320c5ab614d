export type NavIconName = 'home' | 'play' | 'chat' | 'calendar'

/** One pill of the header navigation: a title, an icon and a two-colour gradient. */
export interface NavItem {
  title: string
  icon: NavIconName
  gradientFrom: string
  gradientTo: string
}

// Colours dark enough for white text on the active pill (WCAG AA at small sizes).
export const navItems: readonly NavItem[] = [
  { title: 'Home', icon: 'home', gradientFrom: '#4f46e5', gradientTo: '#7c3aed' },
  { title: 'Demo', icon: 'play', gradientFrom: '#0369a1', gradientTo: '#2563eb' },
  { title: 'Testimonials', icon: 'chat', gradientFrom: '#be185d', gradientTo: '#e11d48' },
  { title: 'Contact', icon: 'calendar', gradientFrom: '#047857', gradientTo: '#0f766e' },
]

/** The id of the section a nav item leads to: its title, lowercased, without spaces. */
export const getSectionId = (title: string): string => title.toLowerCase().replace(/\s+/g, '')

/** Home is the top of the page rather than a section. */
export const HOME_ID = getSectionId('Home')

/** Ids of the sections the scrollspy watches, in page order. */
export const spiedSectionIds: readonly string[] = navItems
  .map((item) => getSectionId(item.title))
  .filter((id) => id !== HOME_ID)

/**
 * The nav item to mark: the last watched section whose top has passed the reading line (a fixed
 * distance below the viewport's top), or Home while none has.
 */
export function pickCurrentSection(
  tops: readonly { id: string; top: number }[],
  readingLine: number,
): string {
  let current = HOME_ID
  for (const { id, top } of tops) if (top <= readingLine) current = id
  return current
}
