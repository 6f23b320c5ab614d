/** What a visitor picked. "system" follows the operating system's light or dark setting, live. */
export type ThemeChoice = 'light' | 'dark' | 'system'
export type ResolvedTheme = 'light' | 'dark'
export interface ThemeState {
  choice: ThemeChoice
  resolved: ResolvedTheme
}

export const THEME_CHOICES: readonly ThemeChoice[] = ['light', 'dark', 'system']
/** Read before first paint by site/public/theme-init.js too: keep the two in step (theme-init.test.ts). */
export const THEME_STORAGE_KEY = 'theme'
export const DEFAULT_THEME: ThemeChoice = 'light'
const DARK_QUERY = '(prefers-color-scheme: dark)'

export interface ThemeEnvironment {
  root: HTMLElement
  storage: Pick<Storage, 'getItem' | 'setItem'> | null
  matchMedia: (query: string) => MediaQueryList
  /** Where `storage` events arrive when another tab changes the choice. */
  events: Pick<Window, 'addEventListener' | 'removeEventListener'>
}

export interface ThemeStore {
  getState(): ThemeState
  setChoice(choice: ThemeChoice): void
  /** The first subscriber starts following the OS setting and other tabs; the last one stops it. */
  subscribe(listener: () => void): () => void
}

export const parseThemeChoice = (value: unknown): ThemeChoice =>
  THEME_CHOICES.find((choice) => choice === value) ?? DEFAULT_THEME

/** Puts the `dark` class and the native controls' `color-scheme` on <html>. */
export function applyTheme(root: HTMLElement, resolved: ResolvedTheme): void {
  root.classList.toggle('dark', resolved === 'dark')
  root.style.colorScheme = resolved
}

export function createThemeStore(env: ThemeEnvironment): ThemeStore {
  const media = env.matchMedia(DARK_QUERY)
  const listeners = new Set<() => void>()
  const resolve = (choice: ThemeChoice): ThemeState => ({
    choice,
    resolved: choice === 'system' ? (media.matches ? 'dark' : 'light') : choice,
  })
  let state = resolve(parseThemeChoice(readStored(env.storage)))
  applyTheme(env.root, state.resolved)

  const update = (choice: ThemeChoice) => {
    const next = resolve(choice)
    if (next.choice === state.choice && next.resolved === state.resolved) return
    state = next
    applyTheme(env.root, state.resolved)
    for (const listener of listeners) listener()
  }
  const onSystemChange = () => update(state.choice)
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) update(parseThemeChoice(event.newValue))
  }

  return {
    getState: () => state,
    setChoice(choice) {
      try {
        env.storage?.setItem(THEME_STORAGE_KEY, choice)
      } catch {
        // Storage full or blocked (private mode): the choice still holds for this page.
      }
      update(choice)
    },
    subscribe(listener) {
      if (listeners.size === 0) {
        media.addEventListener('change', onSystemChange)
        env.events.addEventListener('storage', onStorage)
        onSystemChange() // the OS may have switched while nobody listened
      }
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size > 0) return
        media.removeEventListener('change', onSystemChange)
        env.events.removeEventListener('storage', onStorage)
      }
    },
  }
}

function readStored(storage: ThemeEnvironment['storage']): string | null {
  try {
    return storage?.getItem(THEME_STORAGE_KEY) ?? null
  } catch {
    return null // access to localStorage can throw (blocked cookies); fall back to the default
  }
}
