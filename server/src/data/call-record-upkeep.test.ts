import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadServerConfig } from '../config.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import {
  type CallRecordUpkeep,
  getCallRecordUpkeep,
  startCallRecordUpkeep,
  VACUUM_CALL_RECORDS_SQL,
} from './call-record-upkeep.ts'
import type { Db } from './database.ts'

let backend: TestBackend
beforeAll(async () => {
  backend = await createTestBackend()
})
afterAll(() => backend.db.close())
afterEach(() => vi.useRealTimers())

const UPKEEP: CallRecordUpkeep = { retentionDays: 30, interruptedAfterSeconds: 70, exclusive: true }

describe('getCallRecordUpkeep', () => {
  it('reads the retention, and counts a pending call as interrupted a minute past the longest timeout', () => {
    expect(getCallRecordUpkeep(loadServerConfig({}))).toEqual({
      retentionDays: 30,
      interruptedAfterSeconds: 60,
      exclusive: true,
      engagementRetentionDays: 180,
    })
    const hosted = loadServerConfig({
      DATABASE_URL: 'postgres://app@127.0.0.1:9/postgres',
      DATABASE_MIGRATE: 'off',
      CALL_HASH_SECRET: 's'.repeat(32),
      CALL_RECORD_RETENTION_DAYS: '7',
      VAPI_PRIVATE_KEY: 'sk-private-1234',
      VAPI_PHONE_NUMBER_ID: 'pn-1',
      PHONE_CALL_TIMEOUT_MS: '12500',
      EVENT_RETENTION_DAYS: '90',
    })
    expect(getCallRecordUpkeep(hosted)).toEqual({
      retentionDays: 7,
      interruptedAfterSeconds: 73,
      exclusive: false,
      engagementRetentionDays: 90,
    })
  })
})

describe('startCallRecordUpkeep', () => {
  const tableBytes = async () =>
    (
      await backend.db.query<{ bytes: number }>(
        `select pg_total_relation_size('public.phone_call_attempts')::integer as bytes`,
      )
    ).rows[0]?.bytes ?? 0
  const insertExpired = (n: number) =>
    backend.db.exec(`
      insert into public.phone_call_attempts (prospect_slug, country, number_hash, assistant_id, outcome, created_at)
      select 'visitor', 'US', repeat('0', 64), 'a', 'succeeded', now() - interval '31 days'
      from generate_series(1, ${n})`)

  it('prunes expired records and, on the embedded database, gives their space back: storage stays bounded', async () => {
    const logger = { error: vi.fn() }
    // As the server does (start-server.ts): it vacuums the embedded database only. PostgreSQL's own
    // autovacuum looks after a hosted one, whose freed index pages wait for every transaction on the
    // server (other databases' included), which no test of one database controls.
    const embedded = backend.engine === 'pglite'
    const vacuum = embedded ? { vacuum: () => backend.db.exec(VACUUM_CALL_RECORDS_SQL) } : {}
    const sizes: number[] = []
    for (let round = 0; round < 8; round++) {
      await insertExpired(3000)
      const upkeep = startCallRecordUpkeep({
        db: backend.deps.db,
        upkeep: UPKEEP,
        logger,
        ...vacuum,
      })
      await upkeep.first
      upkeep.stop()
      sizes.push(await tableBytes())
    }
    expect(logger.error).not.toHaveBeenCalled()
    const left = await backend.db.query<{ n: number }>(
      `select count(*)::integer as n from public.phone_call_attempts where created_at < now() - interval '30 days'`,
    )
    expect(left.rows).toEqual([{ n: 0 }])
    // Without the vacuum each round would add its 3000 rows' pages (8 rounds: 8 times the first
    // size); with it their space is reused, and the last four rounds add less than a quarter of one
    // round's rows (index pages settling).
    const [first = 0] = sizes
    if (!embedded) return
    expect(sizes.at(-1)).toBeLessThan(3 * first)
    expect((sizes.at(-1) ?? 0) - (sizes.at(-5) ?? 0)).toBeLessThan(first / 4)
  })

  it('runs a round every interval until stopped, and logs a failing round instead of throwing', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const down = {
      rpc: async () => ({ data: null, error: new Error('database down') }),
    } as unknown as Db
    const logger = { error: vi.fn() }
    const upkeep = startCallRecordUpkeep({ db: down, upkeep: UPKEEP, logger, intervalMs: 1000 })
    await upkeep.first
    expect(logger.error).toHaveBeenCalledTimes(1)
    expect(logger.error.mock.calls[0]?.[0]).toBe('[call_records]')
    await vi.advanceTimersByTimeAsync(3000)
    await vi.waitFor(() => expect(logger.error).toHaveBeenCalledTimes(4))
    upkeep.stop()
    await vi.advanceTimersByTimeAsync(5000)
    expect(logger.error).toHaveBeenCalledTimes(4)
  })
})
