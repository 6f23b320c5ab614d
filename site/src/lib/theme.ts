import { useSyncExternalStore } from 'react'
import { createThemeStore, type ThemeState, type ThemeStore } from './theme-store.ts'

let store: ThemeStore | undefined

function getLocalStorage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** The page's one theme store, created on first use (site/public/theme-init.js already set the class). */
export function getThemeStore(): ThemeStore {
  store ??= createThemeStore({
    root: document.documentElement,
    storage: getLocalStorage(),
    matchMedia: (query) => window.matchMedia(query),
    events: window,
  })
  return store
}

const subscribe = (listener: () => void) => getThemeStore().subscribe(listener)
const getState = () => getThemeStore().getState()

/** The prerendered page shows the default; hydration then switches to the visitor's stored choice. */
const SERVER_STATE: ThemeState = { choice: 'light', resolved: 'light' }
const getServerState = () => SERVER_STATE

/** The current choice and the theme it resolves to; re-renders when either changes. */
export const useTheme = (): ThemeState => useSyncExternalStore(subscribe, getState, getServerState)
