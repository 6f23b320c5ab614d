/**
 * The theme a widget element draws in: `light`, `dark`, or `auto`, which the stylesheet resolves from
 * the visitor's system setting (`prefers-color-scheme`), live.
 */
export type Theme = 'light' | 'dark' | 'auto'

/**
 * The element's theme from its `theme` attribute: `light` or `dark` as asked; otherwise (`auto`, the
 * default) the host page's `color-scheme` on the element when it names one scheme, so a dark page gets
 * a dark widget; else the visitor's system setting. Reading the page's scheme forces a style pass, so
 * the caller may leave it for later (`readPage` false: `auto` until then).
 */
export function resolveTheme(host: Element, readPage = true): Theme {
  const asked = host.getAttribute('theme')
  if (asked === 'light' || asked === 'dark') return asked
  if (!readPage) return 'auto'
  const scheme = getComputedStyle(host).colorScheme ?? ''
  const dark = scheme.includes('dark')
  return dark === scheme.includes('light') ? 'auto' : dark ? 'dark' : 'light'
}
