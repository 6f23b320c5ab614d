import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../data/database.ts'
import { listMigrations } from '../db/migrate.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { type HealthSettings, healthRoutes } from './health-routes.ts'

let backend: TestBackend
let latest: string
beforeAll(async () => {
  backend = await createTestBackend()
  latest = (await listMigrations()).at(-1)?.version ?? ''
})
afterAll(() => backend.db.close())

const ask = async (db: Db, settings: HealthSettings, path = '/readyz') => {
  const res = await healthRoutes(db, settings).request(path)
  return { status: res.status, body: await res.json(), cache: res.headers.get('cache-control') }
}
const serving = (expectedMigration: string | null = null): HealthSettings => ({
  draining: () => false,
  expectedMigration,
})

describe('the probes', () => {
  it('answers liveness while the process answers, whatever the database', async () => {
    const down: Db = { query: () => Promise.reject(new Error('connection refused')) }
    expect(await ask(down, serving(), '/healthz')).toEqual({
      status: 200,
      body: { status: 'ok' },
      cache: 'no-store',
    })
  })

  it('is ready on a database with every migration the code needs', async () => {
    expect(latest).toMatch(/^\d{14}$/)
    expect(await ask(backend.db, serving(latest))).toEqual({
      status: 200,
      body: { status: 'ready' },
      cache: 'no-store',
    })
  })

  it('is not ready while a migration the code needs is missing (being migrated, or left behind)', async () => {
    expect(await ask(backend.db, serving('99991231000000'))).toMatchObject({
      status: 503,
      body: { status: 'unavailable', reason: 'migrations_pending' },
    })
  })

  it('is not ready while draining, before it even asks the database', async () => {
    let asked = 0
    const counting: Db = {
      query: (text, params) => {
        asked += 1
        return backend.db.query(text, params)
      },
    }
    expect(await ask(counting, { draining: () => true, expectedMigration: latest })).toMatchObject({
      status: 503,
      body: { status: 'unavailable', reason: 'draining' },
    })
    expect(asked).toBe(0)
  })

  it('is not ready when the database refuses, or does not answer in time, and says no more', async () => {
    const refusing: Db = {
      query: () => Promise.reject(new Error('password authentication failed for "owner"')),
    }
    const silent: Db = { query: () => new Promise(() => {}) }
    for (const db of [refusing, silent]) {
      const answer = await ask(db, { ...serving(latest), databaseTimeoutMs: 50 })
      expect(answer).toEqual({
        status: 503,
        body: { status: 'unavailable', reason: 'database_unavailable' },
        cache: 'no-store',
      })
    }
  })
})
