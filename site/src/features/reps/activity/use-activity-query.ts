import { useCallback, useSyncExternalStore } from 'react'
import { subscribeToLocation } from '../../../lib/router.ts'
import { goTo } from '../rep-navigate.ts'
import { ACTIVITY_PATH } from '../rep-paths.ts'
import type { ActivityQuery } from './activity-endpoints.ts'
import { formatActivityQuery, parseActivityQuery } from './activity-query.ts'

const getSearch = () => window.location.search

/**
 * The filters, kept in the address as the prospect list keeps its own: reload, Back and a shared
 * link show the same list. A filter or a page adds a history entry; typing a search replaces it.
 */
export function useActivityQuery(): [
  ActivityQuery,
  (change: Partial<ActivityQuery>, replace?: boolean) => void,
] {
  const search = useSyncExternalStore(subscribeToLocation, getSearch)
  const query = parseActivityQuery(search)
  const change = useCallback((next: Partial<ActivityQuery>, replace = false) => {
    const merged = { ...parseActivityQuery(window.location.search), ...next }
    goTo(ACTIVITY_PATH + formatActivityQuery(merged), { replace, keepScroll: true })
  }, [])
  return [query, change]
}
