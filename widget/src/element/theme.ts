/**
 * The theme a widget element draws in: `light`, `dark`, or `system`, which the stylesheet resolves from
 * the visitor's system setting (`prefers-color-scheme`), live and without a listener.
 */
export type Theme = 'light' | 'dark' | 'system'

/**
 * The element's theme from its `theme` attribute: `light`, `dark` or `system` as asked. Otherwise
 * (`auto`, the default) it follows the host page as the page declares itself: its `color-scheme` as
 * the element inherits it, else the page's `<meta name="color-scheme">`. A page that names one scheme
 * gets it; a page that declares both (`light dark`, the page itself following the visitor's system)
 * gets `system`; a page that declares nothing is light, as browsers draw such a page. Reading the
 * page's scheme forces a style pass, so the caller may leave it for later (`readPage` false: light
 * until then, as most pages are).
 */
export function resolveTheme(host: Element, readPage = true): Theme {
  const asked = themeNamed(host.getAttribute('theme'))
  if (asked) return asked
  if (!readPage) return 'light'
  // `normal` (the page's CSS declares nothing) defers to the page's meta declaration, as browsers do.
  const css = getComputedStyle(host).colorScheme
  const scheme =
    (css !== 'normal' && css) ||
    document.querySelector<HTMLMetaElement>('meta[name=color-scheme]')?.content ||
    ''
  return scheme.includes('dark') ? (scheme.includes('light') ? 'system' : 'dark') : 'light'
}

/** `value` if it names a theme an element draws in (`auto` does not: it is resolved), else null. */
export const themeNamed = (value: string | null | undefined): Theme | null =>
  value === 'light' || value === 'dark' || value === 'system' ? value : null
