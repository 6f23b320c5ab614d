import { ENGAGEMENT_STAGES, type EngagementStage } from '#core/engagement.ts'
import type { ActivityQuery } from './activity-endpoints.ts'

/** The page as it opens: the rep's own prospects (everyone's is `owner=all`), any stage. */
export const DEFAULT_ACTIVITY_QUERY: ActivityQuery = { q: '', owner: 'me', stage: '', hot: false, page: 1 }

const isStage = (value: string | null): value is EngagementStage =>
  (ENGAGEMENT_STAGES as readonly (string | null)[]).includes(value)

/** The page's filters from the address (`?q=&owner=&stage=&hot=1&page=`); what it cannot read is the default. */
export function parseActivityQuery(search: string): ActivityQuery {
  const params = new URLSearchParams(search)
  const stage = params.get('stage')
  const page = Number(params.get('page'))
  return {
    q: params.get('q') ?? '',
    owner: params.get('owner') || DEFAULT_ACTIVITY_QUERY.owner,
    stage: isStage(stage) ? stage : '',
    hot: params.get('hot') === '1',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  }
}

/** The address for the filters: only what differs from the defaults, so the plain page is plain `/_/activity`. */
export function formatActivityQuery(query: ActivityQuery): string {
  const params = new URLSearchParams()
  if (query.q !== '') params.set('q', query.q)
  if (query.owner !== DEFAULT_ACTIVITY_QUERY.owner) params.set('owner', query.owner)
  if (query.stage !== '') params.set('stage', query.stage)
  if (query.hot) params.set('hot', '1')
  if (query.page !== 1) params.set('page', String(query.page))
  const search = params.toString()
  return search === '' ? '' : `?${search}`
}
