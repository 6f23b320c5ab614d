import { ENGAGEMENT_STAGES, type EngagementStage } from '#core/engagement.ts'
import { DEFAULT_FUNNEL_PERIOD, FUNNEL_PERIODS, type FunnelPeriod } from '#core/rep-api.ts'
import type { ActivityQuery } from './activity-endpoints.ts'

/** The page as it opens: the rep's own prospects (everyone's is `owner=all`), any stage, the funnel's default period. */
export const DEFAULT_ACTIVITY_QUERY: ActivityQuery = {
  q: '',
  owner: 'me',
  stage: '',
  hot: false,
  page: 1,
  period: DEFAULT_FUNNEL_PERIOD,
  from: '',
  to: '',
}

const isPeriod = (value: string | null): value is FunnelPeriod =>
  (FUNNEL_PERIODS as readonly (string | null)[]).includes(value)

const isStage = (value: string | null): value is EngagementStage =>
  (ENGAGEMENT_STAGES as readonly (string | null)[]).includes(value)

/**
 * The page's filters from the address (`?q=&owner=&stage=&hot=1&page=&period=&from=&to=`); what it
 * cannot read is the default. A custom period's days are kept as written: the funnel checks them and
 * says what is wrong, rather than quietly showing another period than the link's.
 */
export function parseActivityQuery(search: string): ActivityQuery {
  const params = new URLSearchParams(search)
  const stage = params.get('stage')
  const page = Number(params.get('page'))
  const period = params.get('period')
  const custom = period === 'custom'
  return {
    q: params.get('q') ?? '',
    owner: params.get('owner') || DEFAULT_ACTIVITY_QUERY.owner,
    stage: isStage(stage) ? stage : '',
    hot: params.get('hot') === '1',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    period: isPeriod(period) ? period : DEFAULT_ACTIVITY_QUERY.period,
    from: custom ? (params.get('from') ?? '') : '',
    to: custom ? (params.get('to') ?? '') : '',
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
  if (query.period !== DEFAULT_ACTIVITY_QUERY.period) params.set('period', query.period)
  if (query.period === 'custom') {
    params.set('from', query.from)
    params.set('to', query.to)
  }
  const search = params.toString()
  return search === '' ? '' : `?${search}`
}
