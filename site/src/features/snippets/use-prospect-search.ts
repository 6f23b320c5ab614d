import { useEffect, useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { SalesProspect } from '#core/sales-prospects.ts'
import { searchProspects } from './search-prospects.ts'

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; prospects: SalesProspect[] }
  | { status: 'error'; message: string }

/** Long enough to let a word be typed, short enough to feel live. */
export const SEARCH_DEBOUNCE_MS = 300

const IDLE: SearchState = { status: 'idle' }
const LOADING: SearchState = { status: 'loading' }

/**
 * The prospect list for `query`, asked once typing pauses; idle without a key. Each answer remembers
 * the query and key it belongs to, so a slower, older answer never replaces a newer one.
 */
export function useProspectSearch(query: string, key: string | null): SearchState {
  const [result, setResult] = useState<{ request: string; state: SearchState } | null>(null)
  const trimmed = query.trim()
  const request = JSON.stringify([trimmed, key])

  useEffect(() => {
    if (key === null) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      searchProspects(trimmed, key, controller.signal).then(
        (prospects) => {
          if (!controller.signal.aborted) setResult({ request, state: { status: 'done', prospects } })
        },
        (error: unknown) => {
          if (controller.signal.aborted) return
          const message = error instanceof RequestFailure ? error.message : UNAVAILABLE_MESSAGE
          setResult({ request, state: { status: 'error', message } })
        },
      )
    }, SEARCH_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [request, trimmed, key])

  if (key === null) return IDLE
  return result?.request === request ? result.state : LOADING
}
