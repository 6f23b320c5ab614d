import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// findBy… and waitFor wait for what a test means, as long as a machine busy with other work needs
// (the library's own 1 s is shorter than a loaded CI machine takes to render a page of the reps'
// app); a passing test waits no longer for it.
configure({ asyncUtilTimeout: 10_000 })

// The site's files share one happy-dom window (vitest.config.ts): whatever a test leaves in it
// (a mounted tree, stored settings, the theme on <html>, the address) is put back here, so no file
// can see another's.
afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
  document.documentElement.className = ''
  document.documentElement.removeAttribute('style')
  history.replaceState(null, '', '/')
})
