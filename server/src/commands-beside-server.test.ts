import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCsv } from './common/csv.ts'
import { loadServerConfig } from './config.ts'
import { SOCKET_FILE } from './db/database-socket.ts'
import { connectDatabaseSocket } from './db/database-socket-client.ts'
import { REPO_ROOT, type RunningServer, startServer } from './start-server.ts'
import type { StaticDirs } from './static/static-files.ts'

// The server on the embedded database, and the operator's commands in processes of their own, as
// they are typed while it runs: they go through the server's socket in the data directory.

let root: string
let dataDir: string
let dirs: StaticDirs
let server: RunningServer
const config = () => loadServerConfig({ PORT: '0', DATA_DIR: dataDir })

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'beside-server-'))
  dataDir = join(root, 'data')
  dirs = { siteDir: join(root, 'site'), widgetDir: join(root, 'widget'), embedDemoDir: join(root, 'embed') }
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true })
  writeFileSync(join(dirs.siteDir, 'index.html'), '<!doctype html><title>site</title>')
  writeFileSync(join(dirs.siteDir, 'app.html'), '<!doctype html><title>app</title>')
  server = await startServer(config(), dirs)
}, 120_000)
afterAll(async () => {
  await server?.close()
  rmSync(root, { recursive: true, force: true })
})

/** `npm run <command> -- …` on the data directory, with nothing else from the shell's environment. */
function run(command: 'reps' | 'prospects' | 'db', ...args: string[]) {
  // As package.json runs them: the build's bundle, or the sources when the checkout changed since.
  const child = spawn(process.execPath, ['scripts/run-built.mjs', command, ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ENV_FILE: '', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stdout, stderr }))
  })
}

const tokenOf = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('token')

describe('the server on the embedded database, with the commands beside it', () => {
  it('prints a one-time setup link on the address it gives people while no admin exists', () => {
    expect(server.origin).toBe(server.url)
    expect(server.setupUrl).toMatch(new RegExp(`^${server.origin}/_/setup#token=[\\w-]{43}$`))
    expect(server.notes).toEqual([])
    expect(existsSync(join(dataDir, SOCKET_FILE))).toBe(true)
  })

  it('adds an admin with npm run reps while it runs; the link and the pages share one host, so the session holds', async () => {
    const add = await run('reps', 'add', 'ann@example.com', '--admin')
    expect(add).toMatchObject({ code: 0, stderr: expect.stringMatching(/^Added admin ann@example\.com\./) })
    const link = add.stdout.trim()
    expect(link).toMatch(new RegExp(`^${server.origin}/_/set-password#token=[\\w-]{43}$`))

    // The browser opens the link, sets a password there and gets its cookie for that host…
    const set = await fetch(`${new URL(link).origin}/api/reps/password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: tokenOf(link), password: 'a good long password' }),
    })
    expect(set.status).toBe(200)
    const cookie = (set.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
    // …which it sends back only to that host: the reps' pages the server printed are on it.
    const home = new URL(`${server.origin}/_/activity`)
    expect(home.host).toBe(new URL(link).host)
    const session = await fetch(`${home.origin}/api/reps/session`, { headers: { Cookie: cookie } })
    expect(session.status).toBe(200)
    expect(await session.json()).toMatchObject({ rep: { email: 'ann@example.com', role: 'admin' } })

    // An admin exists now: the setup link is spent.
    const setup = await fetch(`${server.origin}/api/reps/setup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        token: tokenOf(server.setupUrl ?? ''),
        email: 'x@example.com',
        password: 'x'.repeat(12),
      }),
    })
    expect(setup.status).toBe(409)
  }, 120_000)

  it('resets, disables, enables and lists reps while it runs', async () => {
    expect((await run('reps', 'add', 'bo@example.com')).code).toBe(0)
    const reset = await run('reps', 'reset', 'bo@example.com')
    expect(reset.code).toBe(0)
    expect(reset.stdout).toMatch(new RegExp(`^${server.origin}/_/set-password#token=`))
    expect(await run('reps', 'disable', 'bo@example.com')).toMatchObject({
      code: 0,
      stderr: 'Disabled bo@example.com; 0 sessions ended.\n',
    })
    expect((await run('reps', 'enable', 'bo@example.com')).code).toBe(0)
    const list = await run('reps', 'list')
    expect(list.code).toBe(0)
    expect(list.stdout).toMatch(/ann@example\.com\s+admin\s+active/)
    expect(list.stdout).toMatch(/bo@example\.com\s+rep\s+invited/)
    expect(list.stderr).toBe(
      `2 reps in the embedded database ${dataDir} through the running server (pid ${process.pid}).\n`,
    )
  }, 120_000)

  it("keeps its database session whatever a command sends: after the probe's read-only switch, signing in still writes", async () => {
    const command = await connectDatabaseSocket(dataDir)
    try {
      await expect(command.db.query('set default_transaction_read_only = on')).rejects.toMatchObject({
        code: '42501',
        message: expect.stringContaining('it refused "set default_transaction_read_only = on"'),
      })
      // A read that sets it for the session: the read's transaction is rolled back, setting and all.
      await command.db.query("select set_config('default_transaction_read_only', 'on', false)")
    } finally {
      await command.close()
    }
    const signIn = await fetch(`${server.origin}/api/reps/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.origin },
      body: JSON.stringify({ email: 'ann@example.com', password: 'a good long password' }),
    })
    expect(signIn.status).toBe(200)
  }, 120_000)

  it('imports prospects and lists reps at once while it answers requests', async () => {
    const csv = join(root, 'team.csv')
    const rows = Array.from({ length: 1200 }, (_, i) => `beside-${i},Owner ${i},Co ${i}`)
    writeFileSync(csv, `slug,name,company_name\n${rows.join('\n')}\n`)
    const commands = Promise.all([run('prospects', 'import', csv), run('reps', 'list')])
    let served = 0
    let done = false
    void commands.finally(() => (done = true))
    while (!done) {
      const res = await fetch(`${server.origin}/api/prospects/bright-smile-dental`)
      expect(res.status).toBe(200)
      await res.arrayBuffer()
      served++
    }
    const [imported, list] = await commands
    expect(served).toBeGreaterThan(0)
    expect(imported).toMatchObject({ code: 0, stderr: expect.stringContaining('1,200 new, 0 updated') })
    expect(list.code).toBe(0)
    const links = parseCsv(readFileSync(join(root, 'team.links.csv'), 'utf8')).map((r) => r.fields[3])
    expect(links.slice(0, 2)).toEqual(['link', `${server.origin}/beside-0`])
    const page = await fetch(`${server.origin}/api/prospects/beside-1199`)
    expect(await page.json()).toMatchObject({ fallback: false, prospect: { companyName: 'Co 1199' } })
  }, 120_000)

  it('answers npm run db: status through it, migrate has nothing to do, seed needs it stopped', async () => {
    const status = await run('db', 'status')
    expect(status).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/through the running server.*0 pending/),
    })
    expect((await run('db', 'migrate')).stdout).toBe(
      'Nothing to migrate: the running server migrated the embedded database as it started.\n',
    )
    expect(await run('db', 'seed')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('stop the server'),
    })
  }, 120_000)

  it('removes its socket as it closes, and starts again with no setup link once an admin exists', async () => {
    await server.close()
    expect(existsSync(join(dataDir, SOCKET_FILE))).toBe(false)
    server = await startServer(config(), dirs)
    expect(server.setupUrl).toBeNull()
    expect(existsSync(join(dataDir, SOCKET_FILE))).toBe(true)
  }, 120_000)
})
