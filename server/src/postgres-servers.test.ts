import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { VISITS_PATH } from '#core/engagement.ts'
import { PHONE_CALL_PATH } from '#core/phone-call.ts'
import { createKeyedHash, deriveCallHashSecret } from './common/keyed-hash.ts'
import { createVisitTokens } from './common/visit-token.ts'
import { loadServerConfig } from './config.ts'
import { runDbCli } from './db/db-cli.ts'
import { listMigrations } from './db/migrate.ts'
import { openPostgres } from './db/postgres-database.ts'
import { type RunningServer, startServer } from './start-server.ts'
import type { StaticDirs } from './static/static-files.ts'
import { startFakeNotifyWebhook } from './testing/fake-notify-webhook.ts'
import { startFakeVapiServer } from './testing/fake-vapi-server.ts'

/**
 * The product on PostgreSQL as production runs it (`DATABASE_URL=… npm start`): on an empty database
 * the first server migrates it and serves, the examples only once asked for, and two servers on one
 * database are one product: the limits, the idempotency keys and the reps' nudges hold across them.
 */
const LIMIT = 3
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

/** A new database on the test's PostgreSQL server, empty as a new production database is; its URL. */
async function createEmptyDatabase(prefix: string): Promise<string> {
  const serverUrl = inject('postgresServerUrl')
  const name = `${prefix}_${randomBytes(5).toString('hex')}`
  const admin = openPostgres(serverUrl, { max: 1 })
  await admin.exec(`create database ${name}`).finally(() => admin.close())
  const parsed = new URL(serverUrl)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

describe.runIf(process.env.TEST_DATABASE === 'postgres')('two servers on one PostgreSQL', () => {
  let root: string
  let url: string
  let servers: RunningServer[] = []
  let vapi: Awaited<ReturnType<typeof startFakeVapiServer>>
  let notify: Awaited<ReturnType<typeof startFakeNotifyWebhook>>

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'postgres-servers-'))
    const dirs: StaticDirs = { siteDir: join(root, 'site'), widgetDir: root, embedDemoDir: root }
    writeFileSync(join(root, 'widget.mjs'), '/* core */')
    // An empty database, as a new production database is.
    url = await createEmptyDatabase('empty')
    ;[vapi, notify] = await Promise.all([startFakeVapiServer(), startFakeNotifyWebhook()])
    const env = {
      PORT: '0',
      DATABASE_URL: url,
      CALL_HASH_SECRET: 'c'.repeat(40),
      VAPI_PRIVATE_KEY: 'sk-private-key-0123',
      VAPI_PHONE_NUMBER_ID: 'pn-1',
      VAPI_ASSISTANT_ID: 'asst-1',
      VAPI_API_URL: vapi.url,
      PHONE_LIMIT_PER_PROSPECT_DAILY: String(LIMIT),
      PHONE_LIMIT_PER_IP_HOURLY: '1000',
      NOTIFY_WEBHOOK_URL: notify.url,
      // Each request names its client, as a proxy in front of the servers does.
      TRUSTED_PROXY_HEADER: 'x-forwarded-for',
    }
    // Both start at once: one migrates, the other waits for it and finds nothing left to do.
    servers = await Promise.all([
      startServer(loadServerConfig(env), dirs),
      startServer(loadServerConfig(env), dirs),
    ])
  }, 120_000)
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()))
    await Promise.all([vapi?.close(), notify?.close()])
    rmSync(root, { recursive: true, force: true })
  })

  const post = (server: RunningServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'User-Agent': BROWSER, ...headers },
      body: JSON.stringify(body),
    })
  let numbers = 0
  /** A call to a number of its own (each number has a daily limit of its own too). */
  const call = (slug: string, key: string) => ({
    slug,
    country: 'US',
    number: `(201) 555-01${String(10 + (numbers++ % 90))}`,
    idempotencyKey: key,
  })
  const newKey = () => randomBytes(12).toString('hex')

  it('migrates the empty database and serves the general demo, with no example until one is asked for', async () => {
    const [a] = servers
    const before = await (await fetch(`${a?.url}/api/prospects/bright-smile-dental`)).json()
    expect(before).toMatchObject({ fallback: true, prospect: { slug: 'visitor' } })

    const output: string[] = []
    const io = {
      stdout: { write: (t: string) => output.push(t) },
      stderr: { write: (t: string) => output.push(t) },
    }
    expect(await runDbCli(['seed'], { ...io, env: { DATABASE_URL: url } })).toBe(0)
    expect(await runDbCli(['status'], { ...io, env: { DATABASE_URL: url } })).toBe(0)
    expect(output.join('')).toContain(`${(await listMigrations()).length} applied, 0 pending`)
  })

  it('places exactly the limit of calls for one prospect, however the requests are spread over the servers', async () => {
    const before = vapi.calls().length
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(servers[i % 2] as RunningServer, PHONE_CALL_PATH, call('harbor-realty', newKey())),
      ),
    )
    const statuses = answers.map((res) => res.status).sort()
    expect(statuses).toEqual([...Array(LIMIT).fill(200), ...Array(10 - LIMIT).fill(429)])
    expect(vapi.calls().length - before).toBe(LIMIT)
  })

  it('answers 300 requests at once truthfully: exactly the limit placed, every other one 429, none 503', async () => {
    const admin = openPostgres(url, { max: 1 })
    await admin
      .query(
        `insert into public.prospects (slug, name, company_name, first_message, system)
         values ('burst-prospect', 'Ann', 'Ann Co', 'Hi', 'You are a demo.')`,
      )
      .finally(() => admin.close())
    const before = vapi.calls().length
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        post(servers[i % 2] as RunningServer, PHONE_CALL_PATH, call('burst-prospect', newKey())),
      ),
    )
    const counts: Record<number, number> = {}
    for (const res of answers) counts[res.status] = (counts[res.status] ?? 0) + 1
    expect(counts).toEqual({ 200: LIMIT, 429: 300 - LIMIT })
    expect(vapi.calls().length - before).toBe(LIMIT)
  }, 600_000)

  it('dials once for one idempotency key sent to both servers at once', async () => {
    const before = vapi.calls().length
    const key = newKey()
    const body = call('bright-smile-dental', key)
    const [first, second] = await Promise.all(servers.map((server) => post(server, PHONE_CALL_PATH, body)))
    expect([first?.status, second?.status]).toEqual([200, 200])
    expect(vapi.calls().length - before).toBe(1)
    const replayed = [first, second].filter((res) => res?.headers.get('Idempotent-Replayed') === 'true')
    expect(replayed).toHaveLength(1)
  })

  it("sends the reps' nudge of a prospect once, whichever server took the events and drained the outbox", async () => {
    // Two visitors, one on each server, begin their visits of one prospect at once.
    const answers = await Promise.all(
      servers.map((server, i) =>
        post(
          server,
          VISITS_PATH,
          { slug: 'bright-smile-dental', surface: 'site' },
          { 'X-Forwarded-For': `198.51.100.${i + 1}` },
        ),
      ),
    )
    expect(answers.map((res) => res.status)).toEqual([201, 201])
    await notify.waitForRequests(1)
    // Both servers drain; the lease lets one send it, and the window dedupes the second visit's open.
    await expect.poll(() => notify.delivered().filter((text) => /opened/.test(text))).toHaveLength(1)
  })
})

describe.runIf(process.env.TEST_DATABASE === 'postgres')('DATABASE_URL alone, as the README shows it', () => {
  it('starts with the key of its hashes kept in its own data directory, says so, and keeps it across restarts', async () => {
    const root = mkdtempSync(join(tmpdir(), 'postgres-alone-'))
    const dirs: StaticDirs = { siteDir: join(root, 'site'), widgetDir: root, embedDemoDir: root }
    writeFileSync(join(root, 'widget.mjs'), '/* core */')
    const env = { PORT: '0', DATABASE_URL: await createEmptyDatabase('alone'), DATA_DIR: join(root, 'data') }
    const secretPath = join(root, 'data', 'jwt-secret')
    /** A visit the server begins, and whether the key derived from the data directory's secret signed it. */
    const signedWithLocalKey = async (server: RunningServer) => {
      const res = await fetch(`${server.url}${VISITS_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', 'User-Agent': BROWSER, Origin: server.url },
        body: JSON.stringify({ slug: 'visitor', surface: 'site' }),
      })
      const { visit } = (await res.json()) as { visit: { id: string; token: string } | null }
      if (!visit) throw new Error(`no visit began (${res.status})`)
      const key = await deriveCallHashSecret(readFileSync(secretPath, 'utf8').trim())
      const tokens = createVisitTokens(createKeyedHash(key))
      return (await tokens.verify('visitor', visit.id, visit.token, new Date())) !== null
    }
    let server = await startServer(loadServerConfig(env), dirs)
    try {
      expect(server.notes.join('\n')).toContain(
        `CALL_HASH_SECRET is not set: the key of the stored hashes and visit tokens comes from ${secretPath}`,
      )
      expect(statSync(secretPath).mode & 0o777).toBe(0o600)
      expect(await signedWithLocalKey(server)).toBe(true)
      await server.close()
      server = await startServer(loadServerConfig(env), dirs)
      expect(await signedWithLocalKey(server)).toBe(true)
    } finally {
      await server.close()
      rmSync(root, { recursive: true, force: true })
    }
  }, 120_000)
})
