import { type Theme, themeNamed } from './theme-name.ts'

export { type Theme, themeNamed }

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
