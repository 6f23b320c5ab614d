import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findPostgresBin, type PostgresCluster } from '../db/postgres-cluster.ts'
import { runReleasedTogether, startMigratedCluster } from '../testing/migrated-cluster.ts'

/**
 * Drainers claiming at the same moment, on a real PostgreSQL with one session per psql process: the
 * embedded database runs one transaction at a time, so only here do the row locks of `claim_nudges`
 * meet. Skipped, loudly, where PostgreSQL is not installed.
 */
const bin = findPostgresBin()
if (!bin) console.warn('[outbox-postgres] skipped: PostgreSQL was not found (initdb, pg_ctl, psql)')

describe.skipIf(!bin)('the outbox on a real PostgreSQL, many drainers at once', () => {
  let pg: PostgresCluster
  beforeAll(async () => {
    pg = await startMigratedCluster(bin as string)
  })
  afterAll(() => pg?.stop())

  it('gives each of 100 due nudges to exactly one of 20 drainers claiming together', async () => {
    // 100 nudges, a minute apart, so a one-minute dedupe window keeps every one.
    const queued = pg.psql(
      `insert into public.prospects (slug, name, company_name, first_message, system)
         values ('pg-prospect', 'Ann', 'Ann Co', 'Hi', 'You are a demo.');
       select count(*) filter (where public.enqueue_nudge(p.id, 'opened', null, 1, null,
                timestamptz '2026-12-02 12:00:00+00' + make_interval(mins => i)))
         from public.prospects p, generate_series(0, 99) as i where p.slug = 'pg-prospect';`,
      { single: true },
    )
    expect(queued.stdout.trim().split('\n').at(-1)).toBe('100')
    const claim = `select n ->> 'id' from jsonb_array_elements(
      public.claim_nudges(5, 60, timestamptz '2026-12-02 14:00:00+00') -> 'nudges') as n;`
    // The 20 drainers claim together, released at one moment.
    const results = await runReleasedTogether(
      pg,
      Array.from({ length: 20 }, () => [claim, claim, claim].join('\n')),
    )
    for (const result of results) expect(result).toMatchObject({ status: 0, stderr: '' })
    const ids = results.flatMap((result) => result.stdout.split('\n').filter((line) => line !== ''))
    expect(ids).toHaveLength(100)
    expect(new Set(ids).size).toBe(100)
    expect(pg.psql('select count(*) from public.notification_outbox where lease_until is null').stdout).toBe(
      '0',
    )
  })
})
