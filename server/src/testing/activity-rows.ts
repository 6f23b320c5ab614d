import type { EventName } from '#core/engagement.ts'
import type { SqlDatabase } from '../db/sql-database.ts'

/**
 * Writes engagement rows straight into the tables, as the event ingest and the voice platform's
 * webhook would leave them, for tests of what the reps read. Times are hours before `now`.
 */
export interface ActivityRows {
  event(
    slug: string,
    name: EventName,
    options?: { hoursAgo?: number; visit?: string; detail?: Record<string, string | number> },
  ): Promise<void>
  callReport(
    slug: string,
    options: {
      source: 'browser' | 'phone'
      hoursAgo?: number
      visit?: string | null
      seconds?: number | null
      endedReason?: string | null
      summary?: string | null
      transcript?: { speaker: 'agent' | 'prospect'; text: string }[]
    },
  ): Promise<void>
}

/** A visit id as a browser tab makes one: `n` picks one of many, the same `n` the same visit. */
export const visitId = (n: number): string => `visit-${String(n).padStart(12, '0')}`

let reports = 0

export function createActivityRows(db: SqlDatabase, now: () => Date): ActivityRows {
  const ago = (hours = 0) => new Date(now().getTime() - hours * 3_600_000).toISOString()
  return {
    async event(slug, name, { hoursAgo, visit = visitId(1), detail = {} } = {}) {
      await db.query(
        `insert into public.engagement_events (prospect_id, name, visit_id, detail, at)
         select id, $2, $3, $4::jsonb, $5 from public.prospects where slug = $1
         on conflict do nothing`,
        [slug, name, visit, detail, ago(hoursAgo)],
      )
    },
    async callReport(slug, options) {
      reports += 1
      const ended = ago(options.hoursAgo)
      await db.query(
        `insert into public.call_reports (call_id, prospect_id, visit_id, source, ended_at, seconds,
           ended_reason, summary, transcript, received_at)
         select $2, id, $3, $4, $5, $6, $7, $8, $9::jsonb, $5 from public.prospects where slug = $1`,
        [
          slug,
          `call-${reports}`,
          options.visit === undefined ? visitId(1) : options.visit,
          options.source,
          ended,
          options.seconds ?? null,
          options.endedReason ?? null,
          options.summary ?? null,
          options.transcript ?? [],
        ],
      )
    },
  }
}
