import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { minifyScript } from '../../build/minify-public-scripts.ts'
import { THEME_STORAGE_KEY } from './theme-store.ts'

// The blocking script index.html runs before first paint; it must agree with the store. Each behaviour
// is checked on the file as written and as the build minifies it, which is what pages run.
const script = readFileSync(join(import.meta.dirname, '../../public/theme-init.js'), 'utf8')
const FORMS = [
  ['as written', script],
  ['as built', minifyScript('theme-init.js', script)],
] as const
let form: string = script
const runInitScript = () => new Function(form)()

function prefersDark(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-color-scheme: dark)' && dark,
  }))
}

afterEach(() => {
  localStorage.clear()
  window.history.replaceState(null, '', '/')
  document.documentElement.className = ''
  document.documentElement.style.colorScheme = ''
  vi.unstubAllGlobals()
})

const isDark = () => document.documentElement.classList.contains('dark')

it('public/theme-init.js reads the same storage key as the theme store', () => {
  expect(script).toContain(`'${THEME_STORAGE_KEY}'`)
})

describe.each(FORMS)('public/theme-init.js %s', (_, source) => {
  beforeEach(() => {
    form = source
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

  describe('the landing page paints its hero first', () => {
    const hasHeroFirst = () => document.documentElement.classList.contains('hero-first')

    /** A browser whose paint timing the test drives: `paint()` reports the first contentful paint. */
    function paintTiming({ navigation = 'navigate', paintSupported = true } = {}) {
      let report: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | null = null
      let disconnected = false
      class FakeObserver {
        static supportedEntryTypes = paintSupported ? ['navigation', 'paint'] : ['navigation']
        constructor(callback: typeof report) {
          report = callback
        }
        observe() {}
        disconnect() {
          disconnected = true
        }
      }
      vi.stubGlobal('PerformanceObserver', FakeObserver)
      vi.spyOn(performance, 'getEntriesByType').mockImplementation((type) =>
        type === 'navigation' ? ([{ type: navigation }] as unknown as PerformanceEntryList) : [],
      )
      const entries = (names: string[]) => ({
        getEntriesByName: (name: string) => names.filter((entry) => entry === name),
      })
      return {
        firstPaint: () => report?.(entries(['first-paint'])),
        firstContentfulPaint: () => report?.(entries(['first-contentful-paint'])),
        disconnected: () => disconnected,
      }
    }

    afterEach(() => {
      vi.restoreAllMocks()
    })

    it('holds the parts below the hero until the first contentful paint, not a blank first paint', () => {
      const timing = paintTiming()
      runInitScript()
      expect(hasHeroFirst()).toBe(true)
      timing.firstPaint()
      expect(hasHeroFirst()).toBe(true)
      timing.firstContentfulPaint()
      expect(hasHeroFirst()).toBe(false)
      expect(timing.disconnected()).toBe(true)
    })

    it('shows them at the load event when the browser reports no paint (a tab opened in the background)', () => {
      vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
      const timing = paintTiming()
      runInitScript()
      window.dispatchEvent(new Event('load'))
      expect(hasHeroFirst()).toBe(false)
      expect(timing.disconnected()).toBe(true)
    })

    it('shows them two frames after the load in a visible tab whose paint is not reported yet (a busy machine)', () => {
      vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible')
      const frames: FrameRequestCallback[] = []
      vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
      const nextFrame = () => frames.shift()?.(performance.now())
      const timing = paintTiming()
      runInitScript()
      window.dispatchEvent(new Event('load'))
      expect(hasHeroFirst()).toBe(true)
      nextFrame()
      expect(hasHeroFirst()).toBe(true)
      nextFrame()
      expect(hasHeroFirst()).toBe(false)
      expect(timing.disconnected()).toBe(true)
    })

    it.each([
      ['a link to a section', { hash: '#contact' }],
      ['a reload', { navigation: 'reload' }],
      ['Back or Forward', { navigation: 'back_forward' }],
      ['a browser without paint timing', { paintSupported: false }],
    ])(
      'lays the whole page out at once for %s',
      (_, { hash, ...timing }: { hash?: string; navigation?: string; paintSupported?: boolean }) => {
        if (hash) window.history.replaceState(null, '', `/${hash}`)
        paintTiming(timing)
        runInitScript()
        expect(hasHeroFirst()).toBe(false)
      },
    )
  })
})
