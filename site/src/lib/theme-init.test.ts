import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { THEME_STORAGE_KEY } from './theme-store.ts'

// The blocking script index.html runs before first paint; it must agree with the store.
const script = readFileSync(join(import.meta.dirname, '../../public/theme-init.js'), 'utf8')
const runInitScript = () => new Function(script)()

function prefersDark(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-color-scheme: dark)' && dark,
  }))
}

afterEach(() => {
  localStorage.clear()
  document.documentElement.className = ''
  document.documentElement.style.colorScheme = ''
  vi.unstubAllGlobals()
})

const isDark = () => document.documentElement.classList.contains('dark')

describe('public/theme-init.js', () => {
  it('reads the same storage key as the theme store', () => {
    expect(script).toContain(`'${THEME_STORAGE_KEY}'`)
  })

  it.each([
    [null, true, false],
    ['light', true, false],
    ['dark', false, true],
    ['system', true, true],
    ['system', false, false],
  ])('stored %s with OS dark %s gives dark %s', (stored, osDark, expected) => {
    if (stored !== null) localStorage.setItem(THEME_STORAGE_KEY, stored)
    prefersDark(osDark)
    runInitScript()
    expect(isDark()).toBe(expected)
    expect(document.documentElement.style.colorScheme).toBe(expected ? 'dark' : 'light')
  })

  it('never throws into the page when storage is blocked', () => {
    const blocked = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    try {
      expect(runInitScript).not.toThrow()
      expect(isDark()).toBe(false)
    } finally {
      blocked.mockRestore()
    }
  })
})
