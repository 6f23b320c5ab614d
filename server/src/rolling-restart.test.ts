import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { EVENTS_PATH, VISITS_PATH } from '#core/engagement.ts'
import { PHONE_CALL_PATH } from '#core/phone-call.ts'
import { runDbCli } from './db/db-cli.ts'
import { openPostgres } from './db/postgres-database.ts'
import { addRep } from './reps/rep-accounts.ts'
import { createToken, hashToken } from './reps/tokens.ts'
import { REPO_ROOT } from './start-server.ts'
import { startFakeNotifyWebhook } from './testing/fake-notify-webhook.ts'
import { startFakeVapiServer } from './testing/fake-vapi-server.ts'

/**
 * The deployment docs/deployment.md describes, run on this machine: two servers (`npm run serve`'s
 * entry) on one PostgreSQL behind HAProxy with deploy/haproxy.cfg as it is. Under steady traffic each
 * server in turn gets SIGTERM, drains, exits 0 and starts again, and nobody notices: no answer is a
 * 5xx or a broken connection, every event the servers accepted is in the database, every row of a rep's
 * import answered 202 is written, and no nudge is sent twice.
 */
const HAPROXY = '/usr/sbin/haproxy'
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

async function createEmptyDatabase(): Promise<string> {
  const serverUrl = inject('postgresServerUrl')
  const name = `rolling_${randomBytes(5).toString('hex')}`
  const admin = openPostgres(serverUrl, { max: 1 })
  await admin.exec(`create database ${name}`).finally(() => admin.close())
  const parsed = new URL(serverUrl)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

/** Resolves once `child` printed `text` (or rejects when it ended first). */
function waitForOutput(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = ''
    const onData = (chunk: Buffer) => {
      seen += chunk.toString()
      if (seen.includes(text)) {
        child.stdout?.off('data', onData)
        resolve()
      }
    }
    child.stdout?.on('data', onData)
    child.once('exit', (code) => reject(new Error(`exited (${code}) before "${text}": ${seen}`)))
  })
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })

describe.runIf(process.env.TEST_DATABASE === 'postgres')('a rolling restart behind HAProxy', () => {
  let root: string
  let databaseUrl: string
  const ports = { proxy: 0, stats: 0, servers: [0, 0] }
  const servers: (ChildProcess | null)[] = [null, null]
  let proxy: ChildProcess | null = null
  let notify: Awaited<ReturnType<typeof startFakeNotifyWebhook>>
  let vapi: Awaited<ReturnType<typeof startFakeVapiServer>>

  const startNode = async (i: number) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/node.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        ENV_FILE: '',
        HOST: '127.0.0.1',
        PORT: String(ports.servers[i]),
        DATABASE_URL: databaseUrl,
        CALL_HASH_SECRET: 'r'.repeat(40),
        DATA_DIR: join(root, `data-${i}`),
        TRUSTED_PROXY_HEADER: 'x-forwarded-for',
        // The team's chat on loopback: it counts the reps' nudges both servers send.
        NOTIFY_WEBHOOK_URL: notify.url,
        // The phone platform on loopback: it counts the calls placed.
        VAPI_PRIVATE_KEY: 'sk-private-key-0123',
        VAPI_PHONE_NUMBER_ID: 'pn-1',
        VAPI_ASSISTANT_ID: 'asst-1',
        VAPI_API_URL: vapi.url,
        PHONE_LIMIT_PER_PROSPECT_DAILY: '100000',
        PHONE_LIMIT_PER_IP_HOURLY: '100000',
        PHONE_LIMIT_GLOBAL_DAILY: '100000',
        // The traffic is one prospect's: its limit is not what this test checks.
        EVENT_LIMIT_PER_PROSPECT_MINUTE: '100000',
        // Behind the proxy every visit comes from its address (it replaces X-Forwarded-For).
        ENGAGEMENT_VISITS_PER_IP_HOUR: '100000',
        EVENT_LIMIT_PER_IP_MINUTE: '100000',
        // Longer than two failed checks at 500 ms apart (deploy/haproxy.cfg), short for a test.
        SHUTDOWN_GRACE_MS: '2000',
        SHUTDOWN_DEADLINE_MS: '20000',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    servers[i] = child
    // Its lines are read until it is ready, then let flow, so a full pipe never holds it up.
    child.stdout?.on('data', () => {})
    await waitForOutput(child, 'Ready at')
  }

  /** The servers HAProxy counts as up, from its states page. */
  const serversUp = async () => {
    const csv = await (await fetch(`http://127.0.0.1:${ports.stats}/stats;csv`)).text()
    return csv
      .split('\n')
      .map((line) => line.split(','))
      .filter((cells) => cells[0] === 'servers' && (cells[1] === 'one' || cells[1] === 'two'))
      .filter((cells) => cells[17] === 'UP')
      .map((cells) => cells[1])
      .sort()
  }

  beforeAll(async () => {
    if (!existsSync(HAPROXY))
      throw new Error(`${HAPROXY} is missing: install Debian's haproxy (apt-get install haproxy).`)
    root = mkdtempSync(join(tmpdir(), 'rolling-restart-'))
    databaseUrl = await createEmptyDatabase()
    ;[notify, vapi] = await Promise.all([startFakeNotifyWebhook(), startFakeVapiServer()])
    ;[ports.proxy, ports.stats, ports.servers[0], ports.servers[1]] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ])
    await startNode(0)
    const quiet = { write: () => {} }
    expect(
      await runDbCli(['seed'], { stdout: quiet, stderr: quiet, env: { DATABASE_URL: databaseUrl } }),
    ).toBe(0)
    await startNode(1)
    proxy = spawn(HAPROXY, ['-db', '-f', join(REPO_ROOT, 'deploy', 'haproxy.cfg')], {
      env: {
        ...process.env,
        PROXY_HOST: '127.0.0.1',
        PROXY_PORT: String(ports.proxy),
        STATS_PORT: String(ports.stats),
        SERVER_1_PORT: String(ports.servers[0]),
        SERVER_2_PORT: String(ports.servers[1]),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
  }, 120_000)

  afterAll(async () => {
    for (const child of [...servers, proxy]) {
      if (child && child.exitCode === null) {
        child.kill('SIGKILL')
        await exited(child)
      }
    }
    await Promise.all([notify?.close(), vapi?.close()])
    if (root) rmSync(root, { recursive: true, force: true })
  })

  it('answers every request stores every accepted event and sends no nudge twice while each server in turn drains and starts again', async () => {
    await expect.poll(() => serversUp().catch(() => []), { timeout: 20_000 }).toEqual(['one', 'two'])
    const base = `http://127.0.0.1:${ports.proxy}`
    const failures: string[] = []
    let answered = 0
    let visits = 0
    let accepted = 0
    let placed = 0
    let running = true
    let n = 0
    // A rep, signed in through the proxy, who sends a small CSV now and then while the servers restart.
    const token = createToken()
    const repDb = openPostgres(databaseUrl, { max: 1 })
    const at = new Date()
    await addRep(repDb, 'rolling-importer@example.com', 'rep', {
      tokenHash: hashToken(token),
      at,
      expiresAt: new Date(at.getTime() + 86_400_000),
    }).finally(() => repDb.close())
    const signedIn = await fetch(`${base}/api/reps/password`, {
      method: 'POST',
      // No Origin: a script's request, as the reps' API takes without SITE_URL behind a proxy.
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, password: 'rolling restart importer password' }),
    })
    expect(signedIn.status).toBe(200)
    const cookie = (signedIn.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
    const { csrfToken } = (await signedIn.json()) as { csrfToken: string }
    const IMPORT_ROWS = 5
    const imports: string[] = []
    const one = async () => {
      n += 1
      const i = n
      try {
        if (i % 40 === 20) {
          // A rep's import of rows of its own: answered 202, then written in the background by the
          // server that took it (which, told to stop meanwhile, finishes it before it exits).
          const rows = Array.from(
            { length: IMPORT_ROWS },
            (_, k) => `rolling-import-${i}-${k},Dana,Rolling Co ${i},Hello,Be kind,`,
          )
          const res = await fetch(`${base}/api/reps/imports`, {
            method: 'POST',
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Idempotency-Key': `rolling-import-${i}-${randomBytes(6).toString('hex')}`,
              'X-CSRF-Token': csrfToken,
              Cookie: cookie,
            },
            body: `slug,name,company_name,first_message,system,assistant_id\n${rows.join('\n')}\n`,
          })
          if (res.status !== 202) {
            failures.push(`POST import: ${res.status}`)
            await res.arrayBuffer()
          } else imports.push(((await res.json()) as { import: { id: string } }).import.id)
        } else if (i % 10 === 5) {
          // A phone request: a number of its own each time (each number has a daily limit too).
          const res = await fetch(`${base}${PHONE_CALL_PATH}`, {
            method: 'POST',
            headers: { 'Content-Type': 'text/plain', 'User-Agent': BROWSER, Origin: base },
            body: JSON.stringify({
              slug: 'bright-smile-dental',
              country: 'US',
              number: `(201) 555-${String(1000 + (i % 9000)).padStart(4, '0')}`,
              idempotencyKey: randomBytes(12).toString('hex'),
            }),
          })
          await res.arrayBuffer()
          if (res.status === 200) placed += 1
          else failures.push(`POST phone call: ${res.status}`)
        } else if (i % 2 === 0) {
          const res = await fetch(`${base}/api/prospects/bright-smile-dental`)
          await res.arrayBuffer()
          if (res.status !== 200) failures.push(`GET prospect: ${res.status}`)
        } else {
          const res = await fetch(`${base}${VISITS_PATH}`, {
            method: 'POST',
            headers: {
              'Content-Type': 'text/plain',
              'User-Agent': BROWSER,
              Origin: base,
            },
            body: JSON.stringify({ slug: 'bright-smile-dental', surface: 'site' }),
          })
          if (res.status !== 201) {
            failures.push(`POST visit: ${res.status}`)
            return
          }
          visits += 1
          // The page reports an event of that visit with its token, as the widget does.
          const { visit } = (await res.json()) as { visit: { id: string; token: string } }
          const reported = await fetch(`${base}${EVENTS_PATH}`, {
            method: 'POST',
            headers: { 'Content-Type': 'text/plain', 'User-Agent': BROWSER, Origin: base },
            body: JSON.stringify({
              visit: visit.id,
              events: [{ name: 'demo_call_started', slug: 'bright-smile-dental' }],
              tokens: { 'bright-smile-dental': visit.token },
            }),
          })
          if (reported.status !== 202) failures.push(`POST events: ${reported.status}`)
          else {
            await reported.arrayBuffer()
            accepted += 1
          }
        }
        answered += 1
      } catch (error) {
        failures.push(`connection: ${error instanceof Error ? (error.cause ?? error.message) : error}`)
      }
    }
    // About 200 requests a second: 16 clients, each waiting for its answer, then 50 ms.
    const clients = Array.from({ length: 16 }, async () => {
      while (running) {
        await one()
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })
    try {
      for (const i of [0, 1]) {
        const name = i === 0 ? 'one' : 'two'
        const child = servers[i] as ChildProcess
        const before = answered
        child.kill('SIGTERM')
        await expect.poll(serversUp, { timeout: 10_000 }).not.toContain(name)
        expect(await exited(child)).toBe(0)
        await startNode(i)
        await expect.poll(serversUp, { timeout: 20_000 }).toEqual(['one', 'two'])
        // Traffic went on through the restart.
        expect(answered).toBeGreaterThan(before)
      }
    } finally {
      running = false
      await Promise.all(clients)
    }
    expect(failures).toEqual([])
    // Every import answered 202 is written whole: no row of it is lost across the restarts.
    expect(imports.length).toBeGreaterThan(0)
    const importStatus = async (id: string) => {
      const res = await fetch(`${base}/api/reps/imports/${id}`, { headers: { Cookie: cookie } })
      return ((await res.json()) as { import: { status: string } }).import.status
    }
    for (const id of imports) await expect.poll(() => importStatus(id), { timeout: 20_000 }).toBe('done')
    // Every event the servers accepted (202) is stored, none twice.
    expect(accepted).toBeGreaterThan(0)
    const db = openPostgres(databaseUrl, { max: 1 })
    try {
      const { rows } = await db.query<{ count: string }>(
        "select count(*)::text as count from public.engagement_events where name = 'demo_call_started'",
      )
      expect(Number(rows[0]?.count)).toBe(accepted)
      const imported = await db.query<{ count: string }>(
        "select count(*)::text as count from public.prospects where slug like 'rolling-import-%'",
      )
      expect(Number(imported.rows[0]?.count)).toBe(imports.length * IMPORT_ROWS)
    } finally {
      await db.close()
    }
    // Each call answered 200 was placed once on the phone platform.
    expect(placed).toBeGreaterThan(0)
    expect(vapi.calls()).toHaveLength(placed)
    // The prospect's page was opened hundreds of times through both servers, restarted: the reps are
    // told once (the dedupe window), by whichever server held the outbox's lease.
    await expect
      .poll(() => notify.delivered().filter((text) => /opened/.test(text)), { timeout: 20_000 })
      .toHaveLength(1)
    const texts = notify.delivered()
    expect(new Set(texts).size).toBe(texts.length)
    console.log(
      `rolling restart: ${answered} rounds, ${visits} visits begun, ${accepted} events accepted and stored, ${placed} calls placed once, ${imports.length} imports (${imports.length * IMPORT_ROWS} rows) written whole, ${texts.length} nudge(s), no failure`,
    )
  }, 120_000)
})
