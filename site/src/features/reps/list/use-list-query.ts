import { useCallback, useSyncExternalStore } from 'react'
import { subscribeToLocation } from '../../../lib/router.ts'
import type { ListQuery } from '../api/rep-endpoints.ts'
import { goTo } from '../rep-navigate.ts'
import { LIST_PATH } from '../rep-paths.ts'
import { formatListQuery, parseListQuery } from './list-query.ts'

const getSearch = () => window.location.search

/**
 * The list's state, kept in the address so that reload, Back and Forward and a shared link show the
 * same list. A change that is a step (a sort, a filter, a page) adds a history entry; typing a
 * search replaces the current one, so Back does not replay every word.
 */
export function useListQuery(): [ListQuery, (change: Partial<ListQuery>, replace?: boolean) => void] {
  const search = useSyncExternalStore(subscribeToLocation, getSearch)
  const query = parseListQuery(search)
  const change = useCallback((next: Partial<ListQuery>, replace = false) => {
    const merged = { ...parseListQuery(window.location.search), ...next }
    goTo(LIST_PATH + formatListQuery(merged), { replace, keepScroll: true })
  }, [])
  return [query, change]
}
