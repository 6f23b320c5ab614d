import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findPostgresBin, type PostgresCluster } from '../db/postgres-cluster.ts'
import { startMigratedCluster } from '../testing/migrated-cluster.ts'

/**
 * The limits and the idempotency key under real concurrency. The embedded database runs one
 * transaction at a time, so only a real PostgreSQL server, with one session per psql process, shows
 * that the row locks count exactly, never deadlock, and leave no row for a refusal. Skipped, loudly,
 * where PostgreSQL is not installed (the migrations test says how to install it).
 */
const bin = findPostgresBin()
if (!bin) console.warn('[call-records-postgres] skipped: PostgreSQL was not found (initdb, pg_ctl, psql)')

describe.skipIf(!bin)('call records on a real PostgreSQL, many sessions at once', () => {
  let pg: PostgresCluster
  beforeAll(async () => {
    pg = await startMigratedCluster(bin as string)
  })
  afterAll(() => pg?.stop())

  /** Runs each session's statements in its own psql process, all at once; answers their output lines. */
  async function runSessions(sessions: string[][]): Promise<string[]> {
    const results = await Promise.all(sessions.map((statements) => pg.psqlAsync(statements.join('\n'))))
    for (const result of results) expect(result).toMatchObject({ status: 0, stderr: '' })
    return results.flatMap((result) => result.stdout.split('\n'))
  }
  const query = (sql: string) => pg.psql(sql).stdout

  it('lets exactly the limit through across 30 sessions, and keeps no row for a refusal', async () => {
    const bucket = (key: string, limit: number, windowSeconds: number) => ({ key, limit, windowSeconds })
    const sessions = Array.from({ length: 30 }, (_, s) =>
      Array.from({ length: 20 }, (_, i) => {
        const buckets = [
          bucket('pg:global', 100, 86400),
          bucket(`pg:ip:${s}`, 1000, 3600),
          bucket(`pg:n:${s}-${i}`, 5, 86400),
        ]
        return `select public.check_rate_limits('${JSON.stringify(buckets)}'::jsonb) ->> 'allowed';`
      }),
    )
    const answers = await runSessions(sessions)
    expect(answers.filter((answer) => answer === 'true')).toHaveLength(100)
    expect(answers.filter((answer) => answer === 'false')).toHaveLength(500)
    expect(query(`select hits from public.rate_limit_counters where bucket = 'pg:global'`)).toBe('100')
    // Each number was asked for once: a row for each of the 100 let through, none for the others.
    expect(query(`select count(*) from public.rate_limit_counters where bucket like 'pg:n:%'`)).toBe('100')
    expect(query('select count(*) from public.rate_limit_counters where hits = 0')).toBe('0')
  })

  const claim = (key: string, limit: number) =>
    `select public.claim_phone_call_attempt('${key}', 'visitor', 'US', repeat('a', 64), null, 'asst',
       '[{"key": "pg:claims:${limit}", "limit": ${limit}, "windowSeconds": 86400}]'::jsonb, 30, 70) ->> 'state';`

  it('claims one key once when 20 sessions send it together: the others see it pending', async () => {
    const answers = await runSessions(
      Array.from({ length: 20 }, () => [claim('pg-same-key-0123456789', 1000)]),
    )
    expect(answers.filter((answer) => answer === 'started')).toHaveLength(1)
    expect(answers.filter((answer) => answer === 'pending')).toHaveLength(19)
    expect(
      query(
        `select count(*) from public.phone_call_attempts where idempotency_key = 'pg-same-key-0123456789'`,
      ),
    ).toBe('1')
    expect(query(`select hits from public.rate_limit_counters where bucket = 'pg:claims:1000'`)).toBe('1')
  })

  it('records exactly the limit of 100 claims with distinct keys, and nothing of the refused ones', async () => {
    const sessions = Array.from({ length: 20 }, (_, s) =>
      Array.from({ length: 5 }, (_, i) => claim(`pg-key-${s}-${i}-0123456789`, 7)),
    )
    const answers = await runSessions(sessions)
    expect(answers.filter((answer) => answer === 'started')).toHaveLength(7)
    expect(answers.filter((answer) => answer === 'limited')).toHaveLength(93)
    expect(
      query(`select count(*) from public.phone_call_attempts where idempotency_key like 'pg-key-%'`),
    ).toBe('7')
  })
})
