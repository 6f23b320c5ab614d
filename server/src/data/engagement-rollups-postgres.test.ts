import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findPostgresBin, type PostgresCluster } from '../db/postgres-cluster.ts'
import { runReleasedTogether, startMigratedCluster } from '../testing/migrated-cluster.ts'

/**
 * Writers adding to one prospect's activity totals at the same moment, on a real PostgreSQL with one
 * session per psql process: the embedded database runs one transaction at a time, so only here can
 * two inserts read a visit's figures before either has added to them. Skipped, loudly, where
 * PostgreSQL is not installed.
 */
const bin = findPostgresBin()
if (!bin)
  console.warn('[engagement-rollups-postgres] skipped: PostgreSQL was not found (initdb, pg_ctl, psql)')

const WRITERS = 16

describe.skipIf(!bin)('activity totals on a real PostgreSQL, many writers at once', () => {
  let pg: PostgresCluster
  beforeAll(async () => {
    pg = await startMigratedCluster(bin as string)
  })
  afterAll(() => pg?.stop())

  it('adds every insert of events and reports to the totals exactly once', async () => {
    pg.psql(
      `insert into public.prospects (slug, name, company_name, first_message, system)
         values ('pg-prospect', 'Ann', 'Ann Co', 'Hi', 'You are a demo.');`,
    )
    // Each writer: 6 transactions, alternately events on the four shared visits (opens and talk)
    // and a browser call report for one of them, so writers keep meeting on the same rows.
    const writer = (w: number) =>
      Array.from({ length: 6 }, (_, t) =>
        t % 2 === 0
          ? `insert into public.engagement_events (prospect_id, name, visit_id, detail, at)
               select p.id, e.name, 'shared-visit-000' || e.v, e.detail,
                 timestamptz '2026-12-02 12:00:00+00' + make_interval(secs => ${w * 10 + t})
               from public.prospects p, (values
                 ('page_opened', ${w % 4}, '{}'::jsonb),
                 ('demo_call_ended', ${(w + t) % 4}, '{"seconds": ${w + t}}'::jsonb)
               ) as e(name, v, detail)
               where p.slug = 'pg-prospect'
               on conflict do nothing;`
          : `insert into public.call_reports (call_id, prospect_id, visit_id, source, ended_at, seconds, received_at)
               select 'call-${w}-${t}', p.id, 'shared-visit-000' || ${(w * 3 + t) % 4}, 'browser',
                 timestamptz '2026-12-02 13:00:00+00', ${5 * w + t}, timestamptz '2026-12-02 13:00:00+00'
               from public.prospects p where p.slug = 'pg-prospect';`,
      ).join('\n')
    // The writers start together, released at one moment.
    const results = await runReleasedTogether(
      pg,
      Array.from({ length: WRITERS }, (_, w) => writer(w)),
    )
    for (const result of results) expect(result).toMatchObject({ status: 0, stderr: '' })

    const totals = `select ro.visits || ' ' || ro.talk_seconds || ' ' || ro.latest_at || ' ' || ro.firsts::text
      from public.engagement_rollups ro join public.prospects p on p.id = ro.prospect_id
      where p.slug = 'pg-prospect';`
    const added = pg.psql(totals).stdout
    expect(added.split(' ').slice(0, 2)).toEqual(['4', expect.any(String)])
    pg.psql(`select public.refresh_engagement_rollups(array(select id from public.prospects));`)
    expect(pg.psql(totals).stdout).toBe(added)
  })
})
