import { UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { SalesProspect } from '#core/sales-prospects.ts'
import { useKeyedLoad } from '../../lib/use-keyed-load.ts'
import { searchProspects } from './search-prospects.ts'

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; prospects: SalesProspect[] }
  | { status: 'error'; message: string }

/** Long enough to let a word be typed, short enough to feel live. */
export const SEARCH_DEBOUNCE_MS = 300

/** One search, as the key of its answer: the trimmed query and the reps' key. */
const searchFor = (request: string, signal: AbortSignal) => {
  const [query, key] = JSON.parse(request) as [string, string]
  return searchProspects(query, key, signal)
}

/**
 * The prospect list for `query`, asked once typing pauses; idle without a key. Each answer belongs
 * to its query and key, so a slower, older answer never replaces a newer one.
 */
export function useProspectSearch(query: string, key: string | null): SearchState {
  const request = key === null ? null : JSON.stringify([query.trim(), key])
  const state = useKeyedLoad(request, searchFor, {
    failedMessage: UNAVAILABLE_MESSAGE,
    delayMs: SEARCH_DEBOUNCE_MS,
  })
  return state.status === 'done' ? { status: 'done', prospects: state.value } : state
}
