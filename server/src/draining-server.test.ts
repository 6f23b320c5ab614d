import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { loadServerConfig } from './config.ts'
import { openPostgres } from './db/postgres-database.ts'
import { type RunningServer, startServer } from './start-server.ts'
import type { StaticDirs } from './static/static-files.ts'

/**
 * A Node server behind a proxy: it holds no more connections than its cap, however many a proxy
 * opens, and keeps answering; asked to stop, it says so on /readyz while it still serves, and each
 * answer closes its keep-alive connection so the proxy's next request goes to a server that stays.
 */
const CAP = 50
const FLOOD = 10_000
/** Connections opened at once: within the listen backlog (511). */
const WAVE = 500

async function createEmptyDatabase(): Promise<string> {
  const serverUrl = inject('postgresServerUrl')
  const name = `draining_${randomBytes(5).toString('hex')}`
  const admin = openPostgres(serverUrl, { max: 1 })
  await admin.exec(`create database ${name}`).finally(() => admin.close())
  const parsed = new URL(serverUrl)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

/** Keep-alive connections, as a proxy keeps them. */
const keepAlive = new Agent({ keepAlive: true })

/** GET on a kept-alive connection; the status, the Connection header and the body. */
function get(url: string, path: string) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    const req = request(`${url}${path}`, { agent: keepAlive })
    req.on('response', (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe.runIf(process.env.TEST_DATABASE === 'postgres')('a server behind a proxy', () => {
  let root: string
  let server: RunningServer

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'draining-server-'))
    const dirs: StaticDirs = { siteDir: join(root, 'site'), widgetDir: root, embedDemoDir: root }
    writeFileSync(join(root, 'widget.mjs'), '/* core */')
    const env = { PORT: '0', DATABASE_URL: await createEmptyDatabase(), CALL_HASH_SECRET: 'd'.repeat(40) }
    server = await startServer(loadServerConfig(env), dirs, {}, { maxConnections: CAP })
  }, 120_000)
  afterAll(async () => {
    keepAlive.destroy()
    await server?.close()
    rmSync(root, { recursive: true, force: true })
  })

  it(`refuses connections beyond its cap when ${FLOOD} arrive, and keeps answering`, async () => {
    const { port } = new URL(server.url)
    const sockets: Socket[] = []
    let refused = 0
    let answered = 0
    // Each connection asks for /healthz: the server answers the ones it holds (and keeps them, as a
    // proxy's keep-alive connections are kept) and closes every other at once. Opened in waves of 500,
    // each within the listen backlog, so no connection waits on the kernel's SYN retries: what is
    // measured is the server's cap, not the loopback's queue on a busy machine.
    const wave = (count: number) =>
      new Promise<void>((resolve) => {
        let settledInWave = 0
        for (let i = 0; i < count; i += 1) {
          const socket = connect(Number(port), '127.0.0.1')
          sockets.push(socket)
          let settled = false
          const once = (wasAnswered: boolean) => {
            if (settled) return
            settled = true
            if (wasAnswered) answered += 1
            else refused += 1
            settledInWave += 1
            if (settledInWave === count) resolve()
          }
          socket.on('error', () => {})
          socket.on('close', () => once(false))
          socket.on('data', () => once(true))
          socket.on('connect', () => socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`))
        }
      })
    for (let opened = 0; opened < FLOOD; opened += WAVE) await wave(Math.min(WAVE, FLOOD - opened))
    expect(answered).toBe(CAP)
    expect(refused).toBe(FLOOD - CAP)
    for (const socket of sockets) socket.destroy()
    // Once the proxy lets go, a new connection is answered as before.
    await expect
      .poll(async () => (await get(server.url, '/healthz').catch(() => ({ status: 0 }))).status)
      .toBe(200)
    // Ten thousand connections through one test process: minutes on a busy machine, not a deadline.
  }, 300_000)

  it('draining: readiness says so at once, requests are still served, each closing its connection', async () => {
    expect((await get(server.url, '/readyz')).status).toBe(200)
    expect((await get(server.url, '/healthz')).connection).not.toBe('close')
    server.drain()
    const readiness = await get(server.url, '/readyz')
    expect(readiness.status).toBe(503)
    expect(JSON.parse(readiness.body)).toEqual({ status: 'unavailable', reason: 'draining' })
    expect(readiness.connection).toBe('close')
    const page = await get(server.url, '/api/prospects/visitor')
    expect(page.status).toBeLessThan(500)
    expect(page.connection).toBe('close')
  })
})
