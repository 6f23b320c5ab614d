/*
 * Runs in <head> before the first paint, so a dark-theme visitor never sees a white flash. A blocking
 * external file rather than an inline script: strict CSPs need no 'unsafe-inline' or hash. Same rules
 * as site/src/lib/theme-store.ts (checked by theme-init.test.ts): key "theme", default light.
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
