import { useCallback, useMemo, useState } from 'react'
import type { BulkFilter, BulkRequest } from '#core/rep-api.ts'

/**
 * What a rep ticked on a list: rows by slug (kept across the list's pages), or every prospect the
 * list's filter matches (`allMatching`, named to the server by the filter, so it counts the rows when
 * the action runs, not when the rep ticked). A new filter starts a new selection: rows ticked under
 * another filter are not in view, and acting on rows one cannot see is how mistakes happen.
 */
export interface BulkSelection {
  /** How many prospects an action would name. */
  count: number
  allMatching: boolean
  isSelected(slug: string): boolean
  toggle(slug: string): void
  /** The page's checkbox: ticks every row of the page, or clears them when all are ticked. */
  togglePage(): void
  pageState: 'all' | 'some' | 'none'
  selectAllMatching(): void
  clear(): void
  /** The request's target: `slugs` or `filter`. */
  target(): Pick<BulkRequest, 'slugs' | 'filter'>
}

export function useBulkSelection(
  pageSlugs: readonly string[],
  filter: BulkFilter,
  total: number,
): BulkSelection {
  const [state, setState] = useState<{ key: string; slugs: ReadonlySet<string>; all: boolean }>({
    key: filter.query,
    slugs: new Set(),
    all: false,
  })
  // The filter changed since the rows were ticked: nothing is selected any more.
  const current =
    state.key === filter.query ? state : { key: filter.query, slugs: new Set<string>(), all: false }
  const { slugs, all } = current
  const selectedOnPage = pageSlugs.filter((slug) => all || slugs.has(slug)).length
  const pageState = selectedOnPage === 0 ? 'none' : selectedOnPage === pageSlugs.length ? 'all' : 'some'

  const toggle = useCallback(
    (slug: string) =>
      setState((prev) => {
        const base =
          prev.key === filter.query ? prev : { key: filter.query, slugs: new Set<string>(), all: false }
        // Unticking one row of "all matching" leaves the rows of this page ticked, the one row not.
        const next = new Set(base.all ? pageSlugs : base.slugs)
        if (next.has(slug)) next.delete(slug)
        else next.add(slug)
        return { key: filter.query, slugs: next, all: false }
      }),
    [filter.query, pageSlugs],
  )
  const togglePage = useCallback(
    () =>
      setState((prev) => {
        const base =
          prev.key === filter.query ? prev : { key: filter.query, slugs: new Set<string>(), all: false }
        const next = new Set(base.all ? [] : base.slugs)
        if (pageState === 'all') for (const slug of pageSlugs) next.delete(slug)
        else for (const slug of pageSlugs) next.add(slug)
        return { key: filter.query, slugs: next, all: false }
      }),
    [filter.query, pageSlugs, pageState],
  )
  const selectAllMatching = useCallback(
    () => setState({ key: filter.query, slugs: new Set(), all: true }),
    [filter.query],
  )
  const clear = useCallback(
    () => setState({ key: filter.query, slugs: new Set(), all: false }),
    [filter.query],
  )

  return useMemo(
    () => ({
      count: all ? total : slugs.size,
      allMatching: all,
      isSelected: (slug: string) => all || slugs.has(slug),
      toggle,
      togglePage,
      pageState,
      selectAllMatching,
      clear,
      target: () => (all ? { filter } : { slugs: [...slugs] }),
    }),
    [all, total, slugs, toggle, togglePage, pageState, selectAllMatching, clear, filter],
  )
}
