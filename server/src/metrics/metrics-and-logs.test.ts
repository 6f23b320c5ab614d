import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadServerConfig } from '../config.ts'
import { listMigrations } from '../db/migrate.ts'
import { createLogger } from '../logging/logger.ts'
import { type RunningServer, startServer } from '../start-server.ts'
import type { StaticDirs } from '../static/static-files.ts'

const TOKEN = 'metrics-token-0123456789abcdef'
const SLUG = 'bright-smile-dental'
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
// Values a run sends that no log line may hold.
const PHONE = '(201) 555-0147'
const EMAIL = 'carol.secret@example.com'
const PASSWORD = 'correct-horse-battery-42'
const COOKIE = 'cookie-value-9f8e7d6c5b4a'
const STREET = '1234 Hidden Orchard Lane'

let root: string
let server: RunningServer
const lines: string[] = []

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'observe-'))
  const dirs: StaticDirs = {
    siteDir: join(root, 'site'),
    widgetDir: join(root, 'widget'),
    embedDemoDir: root,
  }
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  server = await startServer(
    loadServerConfig({ PORT: '0', DATA_DIR: join(root, 'data') }),
    dirs,
    {},
    { logger: createLogger('info', sink), metricsToken: TOKEN, processMetrics: false },
  )
}, 120_000)
afterAll(async () => {
  await server?.close()
  rmSync(root, { recursive: true, force: true })
})

const send = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { ...init, headers: { 'User-Agent': BROWSER, ...init.headers } })
const scrape = async () => {
  const res = await send('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } })
  expect(res.status).toBe(200)
  return res.text()
}
/** The value of one sample line (`name{labels} value`), 0 when absent. */
const sample = (text: string, line: string) => {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `))
  return found === undefined ? 0 : Number(found.slice(line.length + 1))
}

describe('metrics and logs, on the real server after real traffic', () => {
  it('refuses a scrape without the token or with another (401), and counts exactly what was served', async () => {
    expect((await send('/metrics')).status).toBe(401)
    expect((await send('/metrics', { headers: { Authorization: 'Bearer wrong-token-000000' } })).status).toBe(
      401,
    )

    for (let i = 0; i < 3; i++) expect((await send(`/api/prospects/${SLUG}`)).status).toBe(200)
    // A slug nobody has is answered too (without a prospect): the same route.
    expect((await send('/api/prospects/no-such-prospect-here')).status).toBe(200)
    const visit = await send('/api/visits', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ slug: SLUG, surface: 'site' }),
    })
    expect(visit.status).toBe(201)
    const { visit: begun } = (await visit.json()) as { visit: { id: string; token: string } }
    const events = await send('/api/events', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({
        visit: begun.id,
        tokens: { [SLUG]: begun.token },
        events: [
          { name: 'demo_call_started', slug: SLUG },
          { name: 'demo_call_started', slug: SLUG },
        ],
      }),
    })
    expect(events.status).toBe(202)
    expect(await events.json()).toEqual({ accepted: 2 })
    const refused = await send('/api/events', { method: 'POST', body: 'not json' })
    expect(refused.status).toBe(400)
    const crawler = await send('/api/events', {
      method: 'POST',
      headers: { 'User-Agent': 'Googlebot/2.1' },
      body: '{}',
    })
    expect(crawler.status).toBe(202)
    const call = await send('/api/calls/phone', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: `rep_session=${COOKIE}` },
      body: JSON.stringify({ slug: SLUG, country: 'US', number: PHONE, idempotencyKey: crypto.randomUUID() }),
    })
    expect(call.status).toBeGreaterThanOrEqual(400)
    const outcome = ((await call.json()) as { error: { code: string } }).error.code
    const signIn = await send('/api/reps/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: `rep_session=${COOKIE}` },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD, address: STREET }),
    })
    expect(signIn.status).toBeGreaterThanOrEqual(400)

    // The first admin, through the link the start printed, then an import of one prospect.
    const token = new URLSearchParams(new URL(server.setupUrl ?? '').hash.slice(1)).get('token')
    const setup = await send('/api/reps/setup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, email: EMAIL, password: PASSWORD }),
    })
    expect(setup.status).toBe(200)
    const session = (setup.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
    const { csrfToken } = (await setup.json()) as { csrfToken: string }
    const csv = `slug,name,company_name,first_message,system,assistant_id\nhidden-orchard,Dana,Hidden Orchard,Hi from ${STREET},S,\n`
    const imported = await send('/api/reps/imports', {
      method: 'POST',
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Idempotency-Key': 'observe-import-key-000001',
        'X-CSRF-Token': csrfToken,
        Cookie: session,
      },
      body: csv,
    })
    expect(imported.status).toBe(202)
    const { import: job } = (await imported.json()) as { import: { id: string; status: string } }
    let status = job.status
    while (status === 'queued' || status === 'running') {
      const polled = await send(`/api/reps/imports/${job.id}`, { headers: { Cookie: session } })
      status = ((await polled.json()) as { import: { status: string } }).import.status
    }
    expect(status).toBe('done')

    const text = await scrape()
    const route = (method: string, pattern: string, status: number) =>
      `http_requests_total{method="${method}",route="${pattern}",status="${status}"}`
    expect(sample(text, route('GET', '/api/prospects/:slug', 200))).toBe(4)
    expect(sample(text, route('POST', '/api/visits', 201))).toBe(1)
    expect(sample(text, route('POST', '/api/events', 202))).toBe(2)
    expect(sample(text, route('POST', '/api/events', 400))).toBe(1)
    expect(sample(text, route('GET', '/metrics', 401))).toBe(2)
    // A slug is never a label: only patterns name routes.
    expect(text).not.toContain(SLUG)
    expect(text).not.toContain('no-such-prospect-here')
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/prospects/:slug",status="200"}',
      ),
    ).toBe(4)
    // The visit's page_opened and the batch's two.
    expect(sample(text, 'events_accepted_total')).toBe(3)
    expect(sample(text, 'events_dropped_total{reason="invalid"}')).toBe(1)
    expect(sample(text, 'events_dropped_total{reason="automated"}')).toBe(1)
    expect(sample(text, `calls_total{kind="phone",outcome="${outcome}"}`)).toBe(1)
    expect(sample(text, 'outbox_depth{outbox="nudge"}')).toBeGreaterThanOrEqual(0)
    expect(sample(text, 'outbox_depth{outbox="mail"}')).toBe(0)
    expect(text).toContain('outbox_oldest_age_seconds{outbox="nudge"}')
    expect(sample(text, 'import_jobs{state="done"}')).toBe(1)
    for (const state of ['queued', 'running', 'failed']) {
      expect(sample(text, `import_jobs{state="${state}"}`)).toBe(0)
    }
    expect(sample(text, route('POST', '/api/reps/imports', 202))).toBe(1)
    expect(sample(text, 'db_statements_in_flight')).toBeGreaterThanOrEqual(0)
    expect(sample(text, 'db_statement_duration_seconds_count')).toBeGreaterThan(0)

    const started = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'server started')
    expect(started).toMatchObject({
      level: 'info',
      database: 'embedded',
      metrics: true,
      migration: expect.any(String),
    })
    const callLine = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'call refused')
    expect(callLine).toMatchObject({
      level: 'warn',
      kind: 'phone',
      outcome,
      requestId: call.headers.get('X-Request-Id'),
    })
    // The start on a new data directory applied every migration; the import's line names its job and
    // counts, and the request that sent it (the rows' values are checked absent below).
    const migrations = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'migrations applied')
    expect(migrations).toMatchObject({
      level: 'info',
      count: (await listMigrations()).length,
      newest: started.migration,
      ms: expect.any(Number),
    })
    const importLine = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'import finished')
    expect(importLine).toEqual({
      level: 'info',
      time: expect.any(String),
      msg: 'import finished',
      jobId: job.id,
      requestId: imported.headers.get('X-Request-Id'),
      status: 'done',
      rows: 1,
      inserted: 1,
      updated: 0,
      unchanged: 0,
      ms: expect.any(Number),
    })

    // One JSON line per request, with its id, and none holds a value the run sent.
    const requests = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request')
    expect(requests.filter((line) => line.route === '/api/prospects/:slug')).toHaveLength(4)
    for (const line of requests) {
      expect(line).toMatchObject({ level: 'info', method: expect.any(String), status: expect.any(Number) })
      expect(line.requestId).toMatch(/^[A-Za-z0-9._:-]{8,128}$/)
      expect(typeof line.durationMs).toBe('number')
      expect(typeof line.time).toBe('string')
    }
    const all = lines.join('\n')
    for (const secret of [
      PHONE,
      '555-0147',
      '5550147',
      EMAIL,
      PASSWORD,
      COOKIE,
      STREET,
      TOKEN,
      begun.token,
    ]) {
      expect(all, secret).not.toContain(secret)
    }
  }, 60_000)

  it("answers with the proxy's request id when it is a sane token, and a new one otherwise", async () => {
    const kept = await send('/healthz', { headers: { 'X-Request-Id': 'proxy-req-0001' } })
    expect(kept.headers.get('X-Request-Id')).toBe('proxy-req-0001')
    const replaced = await send('/healthz', { headers: { 'X-Request-Id': 'bad id with spaces\t' } })
    expect(replaced.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/)
    const line = lines.map((l) => JSON.parse(l)).find((l) => l.requestId === 'proxy-req-0001')
    expect(line).toMatchObject({ method: 'GET', route: '/healthz', status: 200 })
  })
})
