import { describe, expect, it } from 'vitest'
import { createThemeStore, THEME_STORAGE_KEY, type ThemeEnvironment } from './theme-store.ts'

/** A stand-in OS setting whose `prefers-color-scheme: dark` can be flipped, like the real one. */
function createFakeSystem(dark: boolean) {
  const listeners = new Set<() => void>()
  const media = {
    get matches() {
      return dark
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  } as unknown as MediaQueryList
  return {
    matchMedia: (query: string) => {
      expect(query).toBe('(prefers-color-scheme: dark)')
      return media
    },
    listeners,
    setDark(value: boolean) {
      dark = value
      for (const listener of listeners) listener()
    },
  }
}

function setup({ stored, systemDark = false }: { stored?: string; systemDark?: boolean } = {}) {
  const system = createFakeSystem(systemDark)
  const storage = new Map<string, string>(stored === undefined ? [] : [[THEME_STORAGE_KEY, stored]])
  const root = document.createElement('html')
  const events = new EventTarget()
  const env: ThemeEnvironment = {
    root,
    storage: { getItem: (key) => storage.get(key) ?? null, setItem: (key, value) => storage.set(key, value) },
    matchMedia: system.matchMedia,
    events: events as unknown as ThemeEnvironment['events'],
  }
  return { store: createThemeStore(env), root, storage, system, events }
}

describe('theme store', () => {
  it('defaults to light, even when the OS prefers dark', () => {
    const { store, root } = setup({ systemDark: true })
    expect(store.getState()).toEqual({ choice: 'light', resolved: 'light' })
    expect(root.classList.contains('dark')).toBe(false)
    expect(root.style.colorScheme).toBe('light')
  })

  it('starts from the remembered choice and ignores garbage in storage', () => {
    expect(setup({ stored: 'dark' }).root.classList.contains('dark')).toBe(true)
    expect(setup({ stored: 'purple' }).store.getState().choice).toBe('light')
  })

  it('remembers a choice and applies it to <html> at once', () => {
    const { store, root, storage } = setup()
    store.setChoice('dark')
    expect(storage.get(THEME_STORAGE_KEY)).toBe('dark')
    expect(root.classList.contains('dark')).toBe(true)
    expect(root.style.colorScheme).toBe('dark')
    store.setChoice('light')
    expect(root.classList.contains('dark')).toBe(false)
  })

  it('"system" follows the OS setting live while subscribed', () => {
    const { store, root, system } = setup({ stored: 'system', systemDark: true })
    expect(store.getState().resolved).toBe('dark')
    let notified = 0
    const unsubscribe = store.subscribe(() => notified++)

    system.setDark(false)
    expect(store.getState()).toEqual({ choice: 'system', resolved: 'light' })
    expect(root.classList.contains('dark')).toBe(false)
    expect(notified).toBe(1)

    unsubscribe()
    expect(system.listeners.size).toBe(0) // nothing left listening once the site unmounts
  })

  it('an explicit choice is not overridden by the OS', () => {
    const { store, system } = setup({ stored: 'light' })
    store.subscribe(() => {})
    system.setDark(true)
    expect(store.getState().resolved).toBe('light')
  })

  it('picks up a choice made in another tab', () => {
    const { store, root, events } = setup()
    store.subscribe(() => {})
    events.dispatchEvent(Object.assign(new Event('storage'), { key: THEME_STORAGE_KEY, newValue: 'dark' }))
    expect(store.getState().choice).toBe('dark')
    expect(root.classList.contains('dark')).toBe(true)
  })

  it('still switches when storage refuses to write', () => {
    const { store, root } = setup()
    const throwing = createThemeStore({
      root,
      storage: {
        getItem: () => {
          throw new Error('blocked')
        },
        setItem: () => {
          throw new Error('quota')
        },
      },
      matchMedia: createFakeSystem(false).matchMedia,
      events: new EventTarget() as unknown as ThemeEnvironment['events'],
    })
    expect(store.getState().choice).toBe('light')
    throwing.setChoice('dark')
    expect(root.classList.contains('dark')).toBe(true)
  })
})
