import { FUNNEL_PERIODS } from '../../core/rep-api.ts'
import { callFunction } from '../../server/src/data/database.ts'
import { findPostgresBin } from '../../server/src/db/postgres-cluster.ts'
import { openPostgres } from '../../server/src/db/postgres-database.ts'
import type { SqlDatabase } from '../../server/src/db/sql-database.ts'
import { ENGAGEMENT_RULES } from '../../server/src/reps/activity-rules.ts'
import { getFunnel, readFunnelPeriod } from '../../server/src/reps/funnel-store.ts'
import { startMigratedCluster } from '../../server/src/testing/migrated-cluster.ts'
import { formatColumns } from './report.ts'

/** The requirement: the team's funnel in ≤ 200 ms at 100,000 prospects and 1,000,000 events on PostgreSQL. */
const LIMIT_MS = 200
const PROSPECTS = 100_000
const EVENTS_EACH = 10
const REPS = 10
const RUNS = 15
/** The product's clock for the run: the facts lie in the 90 days before it. */
const NOW = new Date('2027-01-06T15:00:00Z')
/** The custom period measured: the longest a rep may choose, ending today, so it holds every fact. */
const CUSTOM = { from: '2026-01-06', to: '2027-01-06' }
const SPREAD_MINUTES = 90 * 24 * 60

/**
 * `npm run bench funnel`: the reps' funnel (`get_activity_funnel`, through the API's own call) on a
 * throwaway PostgreSQL holding 100,000 prospects (10 reps, 8 kinds of business) and 1,000,000 events
 * over 90 days, written through the tables' own triggers as the ingest writes them, so the activity
 * totals are the ones the product keeps. Every period, for the team and for one rep: the median of
 * 15 runs after one warm-up. Its own server, whatever `--postgres` says: the embedded database is not
 * the target.
 */
export async function runFunnelBench(): Promise<boolean> {
  const bin = findPostgresBin()
  if (!bin) {
    console.error("Funnel: PostgreSQL's server tools were not found (apt-get install postgresql)")
    return false
  }
  console.log(
    `Funnel: ${PROSPECTS.toLocaleString('en')} prospects, ${(PROSPECTS * EVENTS_EACH).toLocaleString('en')} events`,
  )
  const cluster = await startMigratedCluster(bin)
  const db = openPostgres(cluster.url, { max: 1 })
  try {
    const started = performance.now()
    const repId = await seedForBench(db)
    console.log(
      `  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s (PostgreSQL ${cluster.version})`,
    )
    // The stage times are built once per change of the rules (a server does it at its start).
    const building = performance.now()
    await callFunction(db, 'ensure_stage_times', { rules: ENGAGEMENT_RULES })
    console.log(
      `  stage times built in ${((performance.now() - building) / 1000).toFixed(1)} s (once per change of the rules)`,
    )
    const rows: string[][] = [['period', 'scope', 'median', 'min–max', 'sent → booked']]
    let worst = 0
    for (const period of FUNNEL_PERIODS) {
      const span = readFunnelPeriod(
        new URLSearchParams(period === 'custom' ? { period, ...CUSTOM } : { period }),
        NOW,
      )
      for (const [scope, ownerId] of [
        ['team', null],
        ['one rep', repId],
      ] as const) {
        const times: number[] = []
        let total: number[] = []
        for (let run = 0; run <= RUNS; run++) {
          const t0 = performance.now()
          const funnel = await getFunnel(db, { query: '', ownerId }, span)
          if (run > 0) times.push(performance.now() - t0)
          total = funnel.total
        }
        times.sort((a, b) => a - b)
        const median = times[Math.floor(times.length / 2)] ?? 0
        worst = Math.max(worst, median)
        rows.push([
          period,
          scope,
          `${median.toFixed(0)} ms`,
          `${(times[0] ?? 0).toFixed(0)}–${(times.at(-1) ?? 0).toFixed(0)} ms`,
          total.join(' → '),
        ])
      }
    }
    for (const line of formatColumns(rows)) console.log(line)
    const pass = worst <= LIMIT_MS
    console.log(`  ${pass ? 'PASS' : 'FAIL'} slowest median ${worst.toFixed(0)} ms (≤ ${LIMIT_MS} ms)`)
    return pass
  } finally {
    await db.close()
    cluster.stop()
  }
}

/**
 * Prospect i is rep i % 10's, of kind i % 8 (the general one for none), created 91 days before the
 * clock (a tenth of them within the last 30 days). Its 10 events are a minute apart, the newest
 * (i * 7919) % 90 days before the clock: three visits' page opens (each from one of five sites),
 * then a video call placed (tried the demo) for a quarter, a "Call Me" call placed for a tenth and a
 * confirmed booking for one in 25, the rest demo calls started and ended.
 */
export async function seedForBench(db: SqlDatabase): Promise<string> {
  const now = NOW.toISOString()
  await db.exec(
    `insert into public.reps (email, role) select 'rep' || r || '@example.com', 'rep' from generate_series(0, ${REPS - 1}) r`,
  )
  await db.query(
    `insert into public.prospects (slug, name, company_name, first_message, system, owner_id, template, created_at)
     select 'lead-' || i, 'Owner ' || i, 'Company ' || i, 'Hi', 'S',
       (select id from public.reps where email = 'rep' || (i % ${REPS}) || '@example.com'),
       (array[null, 'dental', 'restaurant', 'law-firm', 'medical', 'real-estate', 'salon-studio', 'home-services'])[i % 8 + 1],
       case when i % 10 = 0 then $1::timestamptz - make_interval(mins => (i * 31) % 43000) else $1::timestamptz - interval '91 days' end
     from generate_series(0, ${PROSPECTS - 1}) i`,
    [now],
  )
  // In chunks: each statement's triggers add its rows to the activity totals.
  const CHUNK = 10_000
  for (let from = 0; from < PROSPECTS; from += CHUNK) {
    await db.query(
      `insert into public.engagement_events (prospect_id, name, visit_id, detail, at)
       select p.id,
         case when j < 3 then 'page_opened'
           when j = 3 and i % 4 = 0 then 'video_call_placed'
           when j = 4 and i % 10 = 0 then 'phone_call_placed'
           when j = 5 and i % 25 = 0 then 'meeting_confirmed'
           when j % 2 = 0 then 'demo_call_started' else 'demo_call_ended' end,
         'visit-' || lpad(i::text, 8, '0') || '-' || lpad((j % 3)::text, 4, '0'),
         case when j < 3 then jsonb_build_object('surface', 'embed', 'origin', 'https://site' || ((i + j) % 5) || '.example')
           when j = 5 and i % 25 = 0 then jsonb_build_object('invitee', 'invitee-' || i)
           when j % 2 = 1 then '{"seconds": 40}'::jsonb else '{}'::jsonb end,
         $1::timestamptz - make_interval(mins => ((i * 7919) % ${SPREAD_MINUTES}) + (${EVENTS_EACH - 1} - j))
       from generate_series($2::integer, $3::integer) i
         cross join generate_series(0, ${EVENTS_EACH - 1}) j
         join public.prospects p on p.slug = 'lead-' || i`,
      [now, from, Math.min(from + CHUNK, PROSPECTS) - 1],
    )
  }
  await db.exec('analyze')
  const { rows } = await db.query<{ id: string }>(
    `select id from public.reps where email = 'rep0@example.com'`,
  )
  return rows[0]?.id ?? ''
}
