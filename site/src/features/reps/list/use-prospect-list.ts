import { useState } from 'react'
import { UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { RepProspectListResponse } from '#core/rep-api.ts'
import { type KeyedLoadState, useKeyedLoad } from '../../../lib/use-keyed-load.ts'
import { getListSearch, type ListQuery, listProspects } from '../api/rep-endpoints.ts'

export interface ProspectListState {
  load: KeyedLoadState<RepProspectListResponse>
  /** The answer on screen: this query's, or while it loads the previous one (dimmed), so rows do not flash. */
  shown: RepProspectListResponse | null
}

/** One page of the list for `query`; a newer query's answer is never replaced by an older one. */
export function useProspectList(query: ListQuery, retries: number): ProspectListState {
  const key = `${getListSearch(query)}#${retries}`
  const load = useKeyedLoad(key, loadPage, { failedMessage: UNAVAILABLE_MESSAGE })
  const [last, setLast] = useState<RepProspectListResponse | null>(null)
  if (load.status === 'done' && load.value !== last) setLast(load.value)
  return { load, shown: load.status === 'done' ? load.value : last }
}

/** The key carries a retry count after `#`, so Try again asks the same query anew. */
const loadPage = (key: string, signal: AbortSignal) =>
  listProspects(key.slice(0, key.lastIndexOf('#')), signal)
