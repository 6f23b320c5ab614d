import { type ReactNode, useEffect } from 'react'
import { getThemeStore } from '../lib/theme.ts'

/**
 * Keeps <html>'s `dark` class in step with the visitor's choice for as long as the site is mounted,
 * including live switches of the OS setting under "system" and choices made in another tab, whether
 * or not a toggle is on screen (the error page has none).
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  useEffect(() => getThemeStore().subscribe(() => {}), [])
  return children
}
