import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

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
