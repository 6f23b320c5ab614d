/**
 * The theme a widget element draws in: `light`, `dark`, or `system`, which the stylesheet resolves from
 * the visitor's system setting (`prefers-color-scheme`), live and without a listener. Apart from
 * theme.ts, which reads the page: the server draws the panel in a theme too, with no DOM to read.
 */
export type Theme = 'light' | 'dark' | 'system'

/** `value` if it names a theme an element draws in (`auto` does not: it is resolved), else null. */
export const themeNamed = (value: string | null | undefined): Theme | null =>
  value === 'light' || value === 'dark' || value === 'system' ? value : null
