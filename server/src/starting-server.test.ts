import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { loadServerConfig } from './config.ts'
import { listMigrations } from './db/migrate.ts'
import { createPrivatePGlite } from './db/private-pglite.ts'
import type { SqlDatabase } from './db/sql-database.ts'
import { STARTING_MESSAGE } from './health/health-routes.ts'
import { createLogger } from './logging/logger.ts'
import { type RunningServer, startServer } from './start-server.ts'
import type { StaticDirs } from './static/static-files.ts'

let root: string
let dirs: StaticDirs
let image: Blob
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'starting-server-'))
  dirs = { siteDir: join(root, 'site'), widgetDir: join(root, 'widget'), embedDemoDir: root }
  image = new Blob([readFileSync(inject('preparedDatabaseImage'))])
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** A gate a test opens when it has seen what it waits for. */
function gate() {
  let open: () => void = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { open, opened }
}

/** The address the server listens on, as soon as it does (before startServer resolves). */
function listeningAddress() {
  let resolve: (url: string) => void = () => {}
  const url = new Promise<string>((done) => {
    resolve = done
  })
  return { url, listening: (address: string) => resolve(address) }
}

const probe = async (url: string, path: string) => {
  const res = await fetch(`${url}${path}`)
  return { status: res.status, body: await res.text(), retryAfter: res.headers.get('retry-after') }
}

describe('a server that is starting answers its probes', () => {
  it('while it opens its database: live, not ready ("starting"), and a person is told to come back', async () => {
    const held = gate()
    const address = listeningAddress()
    const started = startServer(
      loadServerConfig({ PORT: '0', DATA_DIR: join(root, 'opening') }),
      dirs,
      {
        reopenAfterCreating: false,
        createDatabase: async (pgdataDir) => {
          await held.opened
          return createPrivatePGlite(pgdataDir, { loadDataDir: image })
        },
      },
      { listening: address.listening },
    )
    let server: RunningServer | undefined
    try {
      const url = await address.url
      expect(await probe(url, '/healthz')).toMatchObject({ status: 200, body: '{"status":"ok"}' })
      expect(await probe(url, '/readyz')).toMatchObject({
        status: 503,
        body: '{"status":"unavailable","reason":"starting"}',
      })
      expect(await probe(url, '/bright-smile-dental')).toEqual({
        status: 503,
        body: STARTING_MESSAGE,
        retryAfter: '5',
      })
      held.open()
      server = await started
      expect(server.url).toBe(url)
      expect(await probe(url, '/readyz')).toMatchObject({ status: 200, body: '{"status":"ready"}' })
      expect((await probe(url, '/api/prospects/bright-smile-dental')).status).toBe(200)
    } finally {
      held.open()
      await (server ?? (await started.catch(() => undefined)))?.close()
    }
  })

  it('while it migrates: not ready ("migrating"), then logs how many migrations it applied and how long they took', async () => {
    const newest = (await listMigrations()).at(-1)?.version ?? ''
    const held = gate()
    const migrating = gate()
    const address = listeningAddress()
    const lines: Record<string, unknown>[] = []
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
        done()
      },
    })
    // The prepared database has every migration: this one pretends its newest is missing, and holds
    // that migration (run as a transaction of its own) until the test has seen the probe.
    const pretendingNewestMissing = (db: SqlDatabase): SqlDatabase => {
      let hidden = true
      return {
        query: async <T>(sql: string, params?: unknown[]) => {
          const result = await db.query<T>(sql, params)
          // The migrations' own read of what was applied (its columns may grow; its table does not).
          const readsApplied = /^select version\b[^;]*from supabase_migrations\.schema_migrations$/.test(
            sql.trim(),
          )
          if (!hidden || !readsApplied) return result
          return {
            ...result,
            rows: result.rows.filter((row) => (row as { version: string }).version !== newest),
          }
        },
        exec: (sql) => db.exec(sql),
        transaction: async (fn) => {
          if (hidden) {
            hidden = false
            migrating.open()
            await held.opened
            return undefined as never
          }
          return db.transaction(fn)
        },
        close: () => db.close(),
      }
    }
    const started = startServer(
      loadServerConfig({ PORT: '0', DATA_DIR: join(root, 'migrating') }),
      dirs,
      {
        reopenAfterCreating: false,
        createDatabase: async (pgdataDir) =>
          pretendingNewestMissing(await createPrivatePGlite(pgdataDir, { loadDataDir: image })),
      },
      { listening: address.listening, logger: createLogger('info', sink) },
    )
    let server: RunningServer | undefined
    try {
      const url = await address.url
      await migrating.opened
      expect(await probe(url, '/readyz')).toMatchObject({
        status: 503,
        body: '{"status":"unavailable","reason":"migrating"}',
      })
      held.open()
      server = await started
      expect(await probe(url, '/readyz')).toMatchObject({ status: 200 })
    } finally {
      held.open()
      await (server ?? (await started.catch(() => undefined)))?.close()
    }
    expect(lines.find((line) => line.msg === 'applying migrations')).toMatchObject({
      level: 'info',
      pending: 1,
    })
    expect(lines.find((line) => line.msg === 'migrations applied')).toEqual({
      level: 'info',
      time: expect.any(String),
      msg: 'migrations applied',
      count: 1,
      newest,
      ms: expect.any(Number),
    })
  })

  it('stops listening when its database cannot be opened', async () => {
    const address = listeningAddress()
    const started = startServer(
      loadServerConfig({ PORT: '0', DATA_DIR: join(root, 'failing') }),
      dirs,
      { createDatabase: () => Promise.reject(new Error('the disk is gone')) },
      { listening: address.listening },
    )
    await expect(started).rejects.toThrow(/the disk is gone/)
    await expect(fetch(`${await address.url}/healthz`)).rejects.toThrow()
  })
})
