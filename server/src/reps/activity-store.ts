import {
  type ActivitySummary,
  type EngagementStage,
  SEEN_ON_LIMIT,
  type TimelineEntry,
  type TimelineResponse,
} from '#core/engagement.ts'
import { callFunction, type Db } from '../data/database.ts'
import { toDemoAction } from '../data/demo-database.ts'
import type { ActivityListRow, TimelineRecord } from '../data/rep-database.ts'
import { ENGAGEMENT_RULES } from './activity-rules.ts'

/**
 * The reps' activity as the database sums it up, one function call each, in the API's shapes
 * (core/engagement.ts). A database failure is a DatabaseError, answered as `unavailable`.
 */

/** Postgres writes timestamps in its own JSON form; the API speaks ISO 8601 in UTC. */
const toIso = (at: string | Date) => new Date(at).toISOString()

/** A timeline holds at most this many entries, newest first: months of a busy prospect. */
export const TIMELINE_LIMIT = 500

/** The timeline shows a visit by its first characters: enough to tell visits apart, no more. */
const VISIT_SHOWN = 8

export interface ActivityFilter {
  query: string
  ownerId: string | null
  stage: EngagementStage | null
  hotOnly: boolean
}

/** A page of matches (`limit` null: every match), as of `at` (the hot rule's window ends there). */
export async function listActivity(
  db: Db,
  filter: ActivityFilter,
  page: { offset: number; limit: number | null },
  at: Date,
): Promise<{ total: number; prospects: ActivitySummary[] }> {
  const data = await callFunction(db, 'list_prospect_activity', {
    query: filter.query,
    owner_id: filter.ownerId,
    stage: filter.stage,
    hot_only: filter.hotOnly,
    at: at.toISOString(),
    rules: ENGAGEMENT_RULES,
    page_offset: page.offset,
    page_size: page.limit,
  })
  return { total: data.total, prospects: data.prospects.map(toSummary) }
}

const toSummary = (row: ActivityListRow): ActivitySummary => ({
  slug: row.slug,
  name: row.name,
  companyName: row.company_name,
  owner: row.owner && { id: row.owner.id, email: row.owner.email },
  stage: row.stage,
  hot: row.hot,
  latestAt: row.latest_at === null ? null : toIso(row.latest_at),
  visits: row.visits,
  talkSeconds: row.talk_seconds,
})

/** The prospect's timeline, newest first; null when no prospect has `slug`. */
export async function getTimeline(db: Db, slug: string, at: Date): Promise<TimelineResponse | null> {
  // The reads at once: the page asks again every 15 s while it is open.
  const [data, seenOn, teamCalls] = await Promise.all([
    callFunction(db, 'get_prospect_timeline', {
      slug,
      at: at.toISOString(),
      rules: ENGAGEMENT_RULES,
      max_entries: TIMELINE_LIMIT,
    }),
    getSeenOn(db, slug),
    callFunction(db, 'list_team_call_reports', { slug, max_rows: TIMELINE_LIMIT }),
  ])
  if (!data) return null
  // The team's own tries sit among the prospect's entries, newest first, within the same limit.
  const entries = [...data.entries, ...teamCalls]
    .map(toEntry)
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, TIMELINE_LIMIT)
  return {
    slug: data.slug,
    stage: data.stage,
    hot: data.hot,
    entries,
    seenOn,
    asOf: at.toISOString(),
  }
}

/**
 * Where the prospect's demo was seen (newest first), from their `page_opened` events: each partner
 * page that named itself (its address, with the title it had when last seen), and each site whose
 * opens named no page (our own page, widgets older than the page's name), by the `Origin` the browser
 * sent when the visit began, as the visits route stored them.
 */
async function getSeenOn(db: Db, slug: string): Promise<TimelineResponse['seenOn']> {
  const { rows } = await db.query<{
    origin: string
    page_url: string | null
    page_title: string | null
    last_at: Date | string
  }>(
    `select e.detail ->> 'origin' as origin, e.detail ->> 'page_url' as page_url,
            (array_agg(e.detail ->> 'page_title' order by e.at desc))[1] as page_title, max(e.at) as last_at
       from public.engagement_events e join public.prospects p on p.id = e.prospect_id
      where p.slug = $1 and e.name = 'page_opened' and e.detail ? 'origin'
      group by 1, 2 order by 4 desc limit $2`,
    [slug, SEEN_ON_LIMIT],
  )
  return rows.map((row) => ({
    origin: row.origin,
    lastAt: toIso(row.last_at),
    page: row.page_url === null ? null : { url: row.page_url, title: row.page_title ?? '' },
  }))
}

function toEntry(entry: TimelineRecord['entries'][number]): TimelineEntry {
  if (entry.kind === 'event') {
    const { at, name, visit, detail } = entry
    return { kind: 'event', at: toIso(at), name, visit: visit.slice(0, VISIT_SHOWN), detail }
  }
  if (entry.kind === 'demo_action') {
    const { at, source, id, action_kind, detail } = entry
    return {
      kind: 'demo_action',
      at: toIso(at),
      source,
      action: toDemoAction({ id, kind: action_kind, detail, at }),
    }
  }
  return {
    kind: 'call_report',
    at: toIso(entry.at),
    source: entry.source,
    seconds: entry.seconds,
    endedReason: entry.ended_reason,
    summary: entry.summary,
    transcript: entry.transcript,
    ...(entry.team ? { team: true } : {}),
  }
}
