import { useCallback, useState } from 'react'

const STORAGE_KEY = 'sales-key'

/** sessionStorage can throw (blocked storage, sandboxed frames): then the key lives in memory only. */
function getStorage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

function readKey(): string | null {
  try {
    return getStorage()?.getItem(STORAGE_KEY) || null
  } catch {
    return null
  }
}

function writeKey(key: string | null): void {
  try {
    const storage = getStorage()
    if (key === null) storage?.removeItem(STORAGE_KEY)
    else storage?.setItem(STORAGE_KEY, key)
  } catch {
    // Nothing to do: the key still works for this page.
  }
}

export interface SalesKey {
  /** The operator's key for the prospect list; null until a rep enters it. */
  key: string | null
  save: (key: string) => void
  forget: () => void
}

/**
 * The sales key, kept in sessionStorage only: it survives a reload in this tab and is gone when the
 * tab closes, never written where other tabs or later visits would find it.
 */
export function useSalesKey(): SalesKey {
  const [key, setKey] = useState(readKey)
  const save = useCallback((next: string) => {
    writeKey(next)
    setKey(next)
  }, [])
  const forget = useCallback(() => {
    writeKey(null)
    setKey(null)
  }, [])
  return { key, save, forget }
}
