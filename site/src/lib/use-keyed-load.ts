import { useEffect, useState } from 'react'
import { RequestFailure } from '#core/api-error.ts'

export type KeyedLoadState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; value: T }
  | { status: 'error'; message: string }

export interface KeyedLoadOptions {
  /** Shown when the failure carries no message of its own for a visitor. */
  failedMessage: string
  /** Waits this long after the key last changed before asking (typing); none by default. */
  delayMs?: number
}

export interface KeyedLoadOptionsOf<T> extends KeyedLoadOptions {
  /**
   * An answer already at hand for a key (the page was rendered with it): used as is, without a
   * request, on the server and in the first render on the client alike. Must be stable.
   */
  known?: (key: string) => T | undefined
}

const IDLE = { status: 'idle' } as const
const LOADING = { status: 'loading' } as const

/**
 * What `load(key)` answered, asked again whenever `key` changes (null: nothing to ask, idle). The
 * answer remembers its key, so the first render for a new key is already "loading" (no flash of the
 * previous answer), and the previous request is aborted, so a slow, older answer never replaces a
 * newer one. `load` must be stable (a module-level function): the key alone says what to ask.
 */
export function useKeyedLoad<T>(
  key: string | null,
  load: (key: string, signal: AbortSignal) => Promise<T>,
  { failedMessage, delayMs = 0, known }: KeyedLoadOptionsOf<T>,
): KeyedLoadState<T> {
  const [result, setResult] = useState<{ key: string; state: KeyedLoadState<T> } | null>(null)

  useEffect(() => {
    if (key === null || known?.(key) !== undefined) return
    const controller = new AbortController()
    const ask = () =>
      load(key, controller.signal).then(
        (value) => {
          if (!controller.signal.aborted) setResult({ key, state: { status: 'done', value } })
        },
        (error: unknown) => {
          if (controller.signal.aborted) return
          const message = error instanceof RequestFailure ? error.message : failedMessage
          setResult({ key, state: { status: 'error', message } })
        },
      )
    let timer: ReturnType<typeof setTimeout> | undefined
    if (delayMs > 0) timer = setTimeout(ask, delayMs)
    else void ask()
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [key, load, failedMessage, delayMs, known])

  if (key === null) return IDLE
  if (result?.key === key) return result.state
  const value = known?.(key)
  return value === undefined ? LOADING : { status: 'done', value }
}
