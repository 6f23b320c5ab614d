import type { ActivityListResponse, EngagementStage, TimelineResponse } from '#core/engagement.ts'
import type { FunnelPeriod } from '#core/rep-api.ts'
import { getRepApiUrl, requestRep } from '../api/rep-client.ts'

/**
 * The activity list's filters, as the address and the API both carry them, and the funnel's period
 * above the list (the address carries it too; the list's own requests do not).
 */
export interface ActivityQuery {
  q: string
  /** 'me' (the page opens on the rep's own), 'all' for every rep's prospects, or a rep's id. */
  owner: string
  /** '' for every stage. */
  stage: EngagementStage | ''
  hot: boolean
  page: number
  period: FunnelPeriod
  /** A custom period's first and last days (YYYY-MM-DD) as the address has them, unchecked; '' otherwise. */
  from: string
  to: string
}

/** The filters as the API reads them, in one fixed order (also the key of the answer); no page. */
export function getActivityFilterSearch({ q, owner, stage, hot }: ActivityQuery): string {
  const params = new URLSearchParams()
  if (q !== '') params.set('q', q)
  // The API's own default is everyone's, so "all" is the owner left out.
  if (owner !== 'all') params.set('owner', owner)
  if (stage !== '') params.set('stage', stage)
  if (hot) params.set('hot', '1')
  return params.toString()
}

export function getActivitySearch(query: ActivityQuery): string {
  const filters = getActivityFilterSearch(query)
  return `${filters}${filters === '' ? '' : '&'}page=${query.page}`
}

export const listActivity = (search: string, signal: AbortSignal) =>
  requestRep<ActivityListResponse>(`activity?${search}`, { signal })

/** The CSV export of every match of the same filters; the browser downloads it with the session cookie. */
export function getActivityCsvUrl(query: ActivityQuery): string {
  const filters = getActivityFilterSearch(query)
  return getRepApiUrl(`activity.csv${filters === '' ? '' : `?${filters}`}`)
}

export const getTimeline = (slug: string, signal: AbortSignal) =>
  requestRep<TimelineResponse>(`prospects/${encodeURIComponent(slug)}/timeline`, { signal })
