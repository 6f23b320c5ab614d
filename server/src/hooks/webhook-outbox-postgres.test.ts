import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findPostgresBin, type PostgresCluster } from '../db/postgres-cluster.ts'
import { runReleasedTogether, startMigratedCluster } from '../testing/migrated-cluster.ts'

/**
 * Servers claiming webhook deliveries at the same moment, on a real PostgreSQL with one session per
 * psql process (the embedded database runs one transaction at a time, so only here do the row locks
 * of `claim_webhook_deliveries` meet): no delivery goes to two drainers. Skipped, loudly, where
 * PostgreSQL is not installed.
 */
const bin = findPostgresBin()
if (!bin) console.warn('[webhook-outbox-postgres] skipped: PostgreSQL was not found (initdb, pg_ctl, psql)')

describe.skipIf(!bin)('the webhooks outbox on a real PostgreSQL, many drainers at once', () => {
  let pg: PostgresCluster
  beforeAll(async () => {
    pg = await startMigratedCluster(bin as string)
  })
  afterAll(() => pg?.stop())

  it('gives each of 100 deliveries to exactly one of 20 drainers claiming together', async () => {
    // Two webhooks that want new prospects, then 50 prospects in one insert: 100 deliveries queued
    // by the insert's own trigger.
    const queued = pg.psql(
      `insert into public.outgoing_webhooks (url, events, secret, created_at, updated_at)
         select 'https://hooks.example.com/' || i, array['prospect_created'], 'whsec_' || repeat('a', 43),
           timestamptz '2026-12-02 12:00:00+00', timestamptz '2026-12-02 12:00:00+00'
         from generate_series(1, 2) as i;
       insert into public.prospects (slug, name, company_name, first_message, system, created_at)
         select 'pg-hook-' || i, 'Ann', 'Ann Co ' || i, 'Hi', 'You are a demo.', timestamptz '2026-12-02 12:00:00+00'
         from generate_series(1, 50) as i;
       select count(*) from public.webhook_deliveries;`,
      { single: true },
    )
    expect(queued.stdout.trim().split('\n').at(-1)).toBe('100')
    const claim = `select (d ->> 'webhook_id') || ' ' || (d ->> 'id') from jsonb_array_elements(
      public.claim_webhook_deliveries(20, 4, 60, timestamptz '2026-12-02 14:00:00+00') -> 'deliveries') as d;`
    const results = await runReleasedTogether(
      pg,
      Array.from({ length: 20 }, () => [claim, claim, claim].join('\n')),
    )
    for (const result of results) expect(result).toMatchObject({ status: 0, stderr: '' })
    const idsOf = (stdout: string) =>
      stdout
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => line.split(' ')[1] ?? '')
    const together = results.flatMap((result) => idsOf(result.stdout))
    // Claims that meet skip the rows another holds, so how many the 20 took together depends on how
    // they interleaved: what must hold is that none was given twice, and that what they left is
    // still there for the next claim.
    expect(together.length).toBeGreaterThan(0)
    expect(new Set(together).size).toBe(together.length)
    const after: string[] = []
    for (;;) {
      const next = idsOf(pg.psql(claim).stdout)
      if (next.length === 0) break
      after.push(...next)
    }
    const ids = [...together, ...after]
    expect(ids).toHaveLength(100)
    expect(new Set(ids).size).toBe(100)
    expect(pg.psql('select count(*) from public.webhook_deliveries where lease_until is null').stdout).toBe(
      '0',
    )
  })
})
