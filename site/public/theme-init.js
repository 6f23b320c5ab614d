/*
 * Runs in <head> before the first paint: what must hold for it. A blocking external file rather than
 * an inline script: strict CSPs need no 'unsafe-inline' or hash.
 *
 * The theme, so a dark-theme visitor never sees a white flash. Same rules as
 * site/src/lib/theme-store.ts (checked by theme-init.test.ts): key "theme", default light.
 */
;(() => {
  try {
    const choice = localStorage.getItem('theme')
    const dark =
      choice === 'dark' || (choice === 'system' && matchMedia('(prefers-color-scheme: dark)').matches)
    const root = document.documentElement
    root.classList.toggle('dark', dark)
    root.style.colorScheme = dark ? 'dark' : 'light'
  } catch (_) {
    // No storage access: the default light theme stands.
  }
})()

/*
 * The landing page paints its hero first. On a slow phone, laying out the parts below it took about a
 * third of the time before the first paint, for content nobody sees yet: while <html> has class
 * "hero-first", the parts marked data-after-first-paint stay out of the layout (index.css), until the
 * first contentful paint. A tab opened in the background paints nothing: there the load event shows
 * them. A visible tab whose load comes before the paint is reported (a busy machine) shows them two
 * frames after the load, once a frame has painted, never before the hero. Only on a fresh visit
 * without a #section: a reload or Back restores a scroll position, and a #section link scrolls below
 * the hero, which both need the whole page laid out. Browsers without paint timing, and visitors
 * without JavaScript, get the whole page at once.
 */
;(() => {
  const root = document.documentElement
  try {
    const navigation = performance.getEntriesByType('navigation')[0]
    if (location.hash || (navigation && navigation.type !== 'navigate')) return
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) return
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) show()
    })
    const show = () => {
      observer.disconnect()
      removeEventListener('load', loaded)
      root.classList.remove('hero-first')
    }
    const loaded = () => {
      if (document.visibilityState === 'hidden') show()
      else requestAnimationFrame(() => requestAnimationFrame(show))
    }
    observer.observe({ type: 'paint' })
    addEventListener('load', loaded)
    root.classList.add('hero-first')
  } catch (_) {
    root.classList.remove('hero-first')
  }
})()
