import type { ActivityListResponse, EngagementStage, TimelineResponse } from '#core/engagement.ts'
import { getRepApiUrl, requestRep } from '../api/rep-client.ts'

/** The activity list's filters, as the address and the API both carry them. */
export interface ActivityQuery {
  q: string
  /** 'me' (the page opens on the rep's own), 'all' for every rep's prospects, or a rep's id. */
  owner: string
  /** '' for every stage. */
  stage: EngagementStage | ''
  hot: boolean
  page: number
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
