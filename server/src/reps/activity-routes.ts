import { Hono } from 'hono'
import type { ActivityListResponse, TimelineResponse } from '#core/engagement.ts'
import { AppError } from '#core/errors.ts'
import { type FunnelResponse, REP_PAGE_SIZE } from '#core/rep-api.ts'
import type { Db } from '../data/database.ts'
import { ACTIVITY_CSV_FILE, formatActivityCsv } from './activity-csv.ts'
import { readActivityFilter } from './activity-query.ts'
import { getTimeline, listActivity } from './activity-store.ts'
import { getFunnel, readFunnelPeriod } from './funnel-store.ts'
import { readPage } from './prospect-list.ts'
import type { RepEnv } from './rep-guards.ts'

/**
 * What the prospects did, for a signed-in rep (core/engagement.ts, "The reps' view"): the activity
 * list, paged or as CSV with the same filters, the team's funnel, and one prospect's timeline.
 * `now` is the clock the hot rule's window and the funnel's periods end at.
 */
export function activityRoutes(db: Db, now: () => Date): Hono<RepEnv> {
  return new Hono<RepEnv>()
    .get('/activity', async (c) => {
      const params = new URL(c.req.url).searchParams
      const filter = readActivityFilter(params, c.get('rep'))
      const page = readPage(params)
      const at = now()
      const offset = (page - 1) * REP_PAGE_SIZE
      const { total, prospects } = await listActivity(db, filter, { offset, limit: REP_PAGE_SIZE }, at)
      const body: ActivityListResponse = {
        prospects,
        total,
        page,
        pageSize: REP_PAGE_SIZE,
        asOf: at.toISOString(),
      }
      return c.json(body)
    })
    .get('/activity/funnel', async (c) => {
      // The list's own search and owner filters, so the funnel scopes as the list does: everyone
      // signed in sees the team's, `owner=me` the rep's own.
      const params = new URL(c.req.url).searchParams
      const filter = readActivityFilter(params, c.get('rep'))
      const body: FunnelResponse = await getFunnel(db, filter, readFunnelPeriod(params, now()))
      return c.json(body)
    })
    .get('/activity.csv', async (c) => {
      const filter = readActivityFilter(new URL(c.req.url).searchParams, c.get('rep'))
      const { prospects } = await listActivity(db, filter, { offset: 0, limit: null }, now())
      return c.body(formatActivityCsv(prospects), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${ACTIVITY_CSV_FILE}"`,
      })
    })
    .get('/prospects/:slug/timeline', async (c) => {
      const timeline = await getTimeline(db, c.req.param('slug'), now())
      if (!timeline) throw new AppError('prospect_not_found')
      return c.json(timeline satisfies TimelineResponse)
    })
}
