import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOOTSTRAP_SQL } from '../db/bootstrap.ts'
import { listMigrations } from '../db/migrate.ts'
import { findPostgresBin, type PostgresCluster, startPostgresCluster } from '../testing/postgres-cluster.ts'

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
    pg = await startPostgresCluster(bin as string)
    const setup = [BOOTSTRAP_SQL, ...(await listMigrations()).map((m) => readFileSync(m.path, 'utf8'))]
    for (const sql of setup) expect(pg.psql(sql, { single: true }).stderr).toBe('')
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
    // A starting gate, so the 20 drainers really claim together: one session holds an advisory lock
    // until all 20 wait on it, then lets them go at once.
    const gate = pg.psqlAsync(
      `do $$ begin
         perform pg_advisory_lock(4242);
         while (select count(*) from pg_locks where locktype = 'advisory' and not granted) < 20 loop
           perform pg_sleep(0.01);
         end loop;
         perform pg_advisory_unlock(4242);
       end $$;`,
    )
    while (pg.psql(`select count(*) from pg_locks where locktype = 'advisory' and granted`).stdout !== '1') {
      await new Promise((resolve) => setImmediate(resolve))
    }
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        pg.psqlAsync(
          ['do $$ begin perform pg_advisory_lock_shared(4242); end $$;', claim, claim, claim].join('\n'),
        ),
      ),
    )
    expect(await gate).toMatchObject({ status: 0, stderr: '' })
    for (const result of results) expect(result).toMatchObject({ status: 0, stderr: '' })
    const ids = results.flatMap((result) => result.stdout.split('\n').filter((line) => line !== ''))
    expect(ids).toHaveLength(100)
    expect(new Set(ids).size).toBe(100)
    expect(pg.psql('select count(*) from public.notification_outbox where lease_until is null').stdout).toBe(
      '0',
    )
  })
})
