import type { FunnelResponse } from '#core/rep-api.ts'
import { requestRep } from '../api/rep-client.ts'
import { type ActivityQuery, getActivityFilterSearch } from './activity-endpoints.ts'

/**
 * The funnel's request: the activity list's own search and owner filters (its stage and hot filters
 * pick rows of the list, not steps of the funnel), and the period with a custom one's days.
 */
export function getFunnelSearch(query: ActivityQuery): string {
  const params = new URLSearchParams(getActivityFilterSearch({ ...query, stage: '', hot: false }))
  params.set('period', query.period)
  if (query.period === 'custom') {
    params.set('from', query.from)
    params.set('to', query.to)
  }
  return params.toString()
}

export const getFunnel = (search: string, signal: AbortSignal) =>
  requestRep<FunnelResponse>(`activity/funnel?${search}`, { signal })
