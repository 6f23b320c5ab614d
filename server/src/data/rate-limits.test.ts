import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { DatabaseError } from './database.ts'
import { checkRateLimits } from './rate-limits.ts'

// `check_rate_limits` through the database port, as the phone and video endpoints call it.

let backend: TestBackend
beforeAll(async () => {
  backend = await createTestBackend()
})
afterAll(() => backend.db.close())
beforeEach(() => backend.db.exec('delete from public.rate_limit_counters'))

const check = (...buckets: [key: string, limit: number, windowSeconds: number][]) =>
  checkRateLimits(
    backend.deps.db,
    buckets.map(([key, limit, windowSeconds]) => ({ key, limit, windowSeconds })),
  )

const hits = async (key: string) =>
  (
    await backend.db.query<{ hits: number }>(
      'select hits from public.rate_limit_counters where bucket = $1',
      [key],
    )
  ).rows[0]?.hits

describe('check_rate_limits', () => {
  it('counts a request in every bucket, and refuses it in none when one is full', async () => {
    expect(await check(['ip', 1, 3600], ['global', 5, 86400])).toEqual({
      allowed: true,
      blocked: [],
      retryAfterSeconds: 0,
    })
    const refused = await check(['ip', 1, 3600], ['global', 5, 86400])
    expect(refused).toMatchObject({ allowed: false, blocked: ['ip'] })
    expect(await hits('ip')).toBe(1)
    expect(await hits('global')).toBe(1) // not spent by the refused request
  })

  it("answers Retry-After as the wait until every full bucket's window has ended", async () => {
    await check(['short', 1, 60], ['long', 1, 86400])
    const { retryAfterSeconds } = await check(['short', 1, 60], ['long', 1, 86400])
    const secondsOfDay = Math.floor(Date.now() / 1000) % 86400
    expect(retryAfterSeconds).toBeGreaterThan(60)
    expect(Math.abs(retryAfterSeconds - (86400 - secondsOfDay))).toBeLessThanOrEqual(2)
  })

  it('starts counting afresh in the next window', async () => {
    await check(['minute', 1, 60])
    expect((await check(['minute', 1, 60])).allowed).toBe(false)
    await backend.db.exec(
      `update public.rate_limit_counters set window_start = window_start - interval '60 seconds'`,
    )
    expect((await check(['minute', 1, 60])).allowed).toBe(true)
  })

  it('treats a limit of 0 as closed, and one key with two windows as two buckets', async () => {
    expect(await check(['off', 0, 60])).toMatchObject({ allowed: false, blocked: ['off'] })
    expect((await check(['k', 1, 60], ['k', 2, 3600])).allowed).toBe(true)
    expect(await check(['k', 1, 60], ['k', 2, 3600])).toMatchObject({ allowed: false, blocked: ['k'] })
  })

  it('leaves no row behind for a refused request, also for buckets it names for the first time', async () => {
    await check(['full', 1, 3600])
    for (let i = 0; i < 20; i++) {
      expect((await check(['a-new', 5, 86400], ['full', 1, 3600], [`z-new-${i}`, 5, 86400])).allowed).toBe(
        false,
      )
    }
    const rows = await backend.db.query<{ bucket: string }>('select bucket from public.rate_limit_counters')
    expect(rows.rows).toEqual([{ bucket: 'full' }])
  })

  it('forgets counters whose window ended, up to 100 per allowed request, and keeps the rest', async () => {
    await backend.db.exec(`
      insert into public.rate_limit_counters (bucket, window_seconds, window_start, hits)
      select 'old-' || n, 3600, now() - interval '3 hours', 1 from generate_series(1, 150) as n;
      insert into public.rate_limit_counters (bucket, window_seconds, window_start, hits)
      values ('today', 86400, to_timestamp(floor(extract(epoch from now()) / 86400) * 86400), 1)`)
    const count = async () =>
      (await backend.db.query<{ n: number }>('select count(*)::integer as n from public.rate_limit_counters'))
        .rows[0]?.n
    expect((await check(['full', 0, 60])).allowed).toBe(false) // a refusal writes nothing, prunes nothing
    expect(await count()).toBe(151)
    await check(['x', 5, 3600])
    expect(await count()).toBe(52) // 150 - 100 old, + 'today', + 'x'
    await check(['x', 5, 3600])
    expect(await count()).toBe(2)
    expect(await hits('today')).toBe(1)
  })

  it.each([
    ['no bucket', []],
    ['a negative limit', [['x', -1, 60]]],
    ['a zero window', [['x', 1, 0]]],
    ['an empty key', [['', 1, 60]]],
  ] as [string, [string, number, number][]][])(
    'refuses %s as a bad request to the database',
    async (_, buckets) => {
      const error = await check(...buckets).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(DatabaseError)
      expect(error).toMatchObject({ code: '22023' })
    },
  )
})
