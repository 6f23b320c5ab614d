import { useCallback, useEffect, useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'

export interface LiveAnswer<T> {
  /** The answer on screen: this key's, or while a new key loads the previous one, so rows do not flash. */
  shown: T | null
  /** A new key is on its way (not a refresh of the same one, which is quiet). */
  loading: boolean
  /** Why the last request failed; with `shown` set, the rows are those of an earlier answer. */
  error: string | null
  /** When this key's answer last arrived (ms since epoch). */
  updatedAt: number | null
  retry: () => void
}

/**
 * `load(key)`, and again every `intervalMs` while the page is visible: nothing is asked while the tab
 * is hidden, and the moment it is shown again it asks at once. Each request waits for the previous
 * answer (a slow server is never asked twice at a time); a newer key aborts an older request.
 */
export function useLiveAnswer<T>(
  key: string,
  load: (key: string, signal: AbortSignal) => Promise<T>,
  intervalMs: number,
): LiveAnswer<T> {
  const [round, setRound] = useState(0)
  const [result, setResult] = useState<{
    key: string
    value: T | null
    error: string | null
    at: number | null
  }>()
  const [shown, setShown] = useState<T | null>(null)
  const again = useCallback(() => setRound((n) => n + 1), [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks the same key again
  useEffect(() => {
    const controller = new AbortController()
    load(key, controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return
        setResult({ key, value, error: null, at: Date.now() })
        setShown(value)
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        const message = error instanceof RequestFailure ? error.message : UNAVAILABLE_MESSAGE
        setResult((last) => ({
          key,
          value: last?.key === key ? last.value : null,
          error: message,
          at: last?.key === key ? last.at : null,
        }))
      },
    )
    return () => controller.abort()
  }, [key, load, round])

  // The next refresh is timed from the last answer; hidden, there is none until the tab shows again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer restarts the timer
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    if (document.visibilityState === 'visible') timer = setTimeout(again, intervalMs)
    const onVisibility = () => {
      clearTimeout(timer)
      if (document.visibilityState === 'visible') again()
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [result, intervalMs, again])

  const current = result?.key === key ? result : null
  return {
    shown: current ? current.value : shown,
    loading: current === null,
    error: current?.error ?? null,
    updatedAt: current?.at ?? null,
    retry: again,
  }
}
