import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRepTestApp, type RepTestApp } from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { type RepsCliIo, runRepsCli } from './cli.ts'

let backend: TestBackend
let reps: RepTestApp
let dir: string
beforeAll(async () => {
  backend = await createTestBackend()
  reps = createRepTestApp(backend)
  dir = mkdtempSync(join(tmpdir(), 'reps-cli-'))
})
afterAll(async () => {
  await backend.db.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Runs one command in-process, as `npm run reps -- …` would, on the test backend's database. */
async function run(env: Record<string, string>, ...argv: string[]) {
  let stdout = ''
  let stderr = ''
  const io: RepsCliIo = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
    openStore: async () => ({
      db: backend.deps.db,
      target: 'test database',
      close: async () => {},
    }),
    now: reps.clock.now,
  }
  const code = await runRepsCli(argv, io)
  return { code, stdout, stderr }
}
const tokenOf = (link: string) => /#token=([\w-]{43})\n$/.exec(link)?.[1] ?? ''
const setPassword = (token: string, password = 'a good long password') =>
  reps.request('/password', { method: 'POST', body: JSON.stringify({ token, password }) })

describe('npm run reps', () => {
  it('adds reps with a one-time link on SITE_URL, or this machine’s server, and lists them', async () => {
    const ann = await run({}, 'add', 'Ann@Example.com', '--admin')
    expect(ann).toMatchObject({
      code: 0,
      stderr: 'Added admin ann@example.com. Send them this link; it works once, for 24 hours:\n',
    })
    expect(ann.stdout).toMatch(/^http:\/\/127\.0\.0\.1:8787\/_\/set-password#token=[\w-]{43}\n$/)
    const bo = await run({ SITE_URL: 'https://demo.example.com/' }, 'add', 'bo@example.com')
    expect(bo.stdout).toMatch(/^https:\/\/demo\.example\.com\/_\/set-password#token=[\w-]{43}\n$/)
    // Without a server to ask, the address the server would print on HOST and PORT.
    expect((await run({ PORT: '9000', HOST: 'localhost' }, 'add', 'cy@example.com')).stdout).toMatch(
      /^http:\/\/localhost:9000\//,
    )

    expect(await run({}, 'add', 'bo@example.com')).toMatchObject({
      code: 1,
      stderr: 'bo@example.com is already a rep. For a new link: npm run reps -- reset bo@example.com\n',
    })
    expect((await setPassword(tokenOf(ann.stdout))).status).toBe(200)
    const list = await run({}, 'list')
    expect(list.stdout.split('\n').map((line) => line.split(/\s{2,}/).slice(0, 3))).toEqual([
      ['EMAIL', 'ROLE', 'STATUS'],
      ['ann@example.com', 'admin', 'active'],
      ['bo@example.com', 'rep', 'invited (no password yet)'],
      ['cy@example.com', 'rep', 'invited (no password yet)'],
      [''],
    ])
    expect(list.stderr).toBe('3 reps in the test database.\n')
  })

  it('makes links that work for 24 hours', async () => {
    const link = await run({}, 'add', 'late@example.com')
    reps.clock.advance(24 * 3600 + 1)
    expect((await setPassword(tokenOf(link.stdout))).status).toBe(400)
    const fresh = await run({}, 'reset', 'late@example.com')
    expect((await setPassword(tokenOf(fresh.stdout))).status).toBe(200)
  })

  it('resets: a new link, the old password and every session end', async () => {
    // Signed in twice: by setting the password, and here.
    const session = await reps.signIn('ann@example.com', 'a good long password')
    const reset = await run({}, 'reset', 'ann@example.com')
    expect(reset.code).toBe(0)
    expect(reset.stderr).toMatch(
      /^Reset ann@example.com: the old password no longer works; 2 sessions ended\./,
    )
    expect((await reps.request('/session', { session })).status).toBe(401)
    expect((await setPassword(tokenOf(reset.stdout), 'the next long password')).status).toBe(200)
  })

  it('never disables the last enabled admin', async () => {
    expect(await run({}, 'disable', 'ann@example.com')).toMatchObject({
      code: 1,
      stderr:
        'ann@example.com is the last enabled admin. Add another first: npm run reps -- add <email> --admin\n',
    })
    expect((await run({}, 'list')).stdout).toMatch(/ann@example.com\s+admin\s+active/)
  })

  it('disables (ending sessions at once) and enables', async () => {
    expect((await run({}, 'add', 'second-admin@example.com', '--admin')).code).toBe(0)
    const session = await reps.signIn('ann@example.com', 'the next long password')
    expect(await run({}, 'disable', 'ann@example.com')).toMatchObject({
      code: 0,
      stderr: 'Disabled ann@example.com; 2 sessions ended.\n',
    })
    expect((await reps.request('/session', { session })).status).toBe(401)
    expect((await run({}, 'disable', 'ann@example.com')).stderr).toBe(
      'ann@example.com was already disabled.\n',
    )
    expect((await run({}, 'list')).stdout).toMatch(/ann@example.com\s+admin\s+disabled/)
    expect((await run({}, 'enable', 'ann@example.com')).stderr).toBe(
      'Enabled ann@example.com: they can sign in again.\n',
    )
    expect((await reps.signIn('ann@example.com', 'the next long password')).rep.role).toBe('admin')
  })

  it('says so when there is no such rep (exit 1), and explains wrong usage (exit 2)', async () => {
    for (const command of ['reset', 'disable', 'enable']) {
      expect(await run({}, command, 'nobody@example.com')).toMatchObject({
        code: 1,
        stderr: 'No rep nobody@example.com in the test database.\n',
      })
    }
    for (const [argv, message] of [
      [[], /^No command given\./],
      [['remove', 'a@b.c'], /^Unknown command "remove"\./],
      [['add'], /^"add" takes an email\./],
      [['add', 'not-an-email'], /^"not-an-email" is not an email address\./],
      [['reset', 'a@b.c', '--admin'], /^--admin goes with "add" only\./],
      [['list', '--bogus'], /^Unknown option '--bogus'/],
      [['add', 'a@b.c', '--site-url', 'ftp://x'], /must be an http\(s\) URL/],
    ] as const) {
      const result = await run({}, ...argv)
      expect(result.code, argv.join(' ')).toBe(2)
      expect(result.stderr).toMatch(message)
    }
    expect(await run({}, '--help')).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Usage: npm run reps/),
    })
  })
})

describe('npm run reps on a data directory, opened as the prospects command opens it', () => {
  it('adds and lists reps in the embedded database, and names a bad environment', async () => {
    const io = (env: Record<string, string>) => {
      const output = { stdout: '', stderr: '' }
      return {
        output,
        io: {
          stdout: { write: (text: string) => (output.stdout += text) },
          stderr: { write: (text: string) => (output.stderr += text) },
          env,
        } satisfies RepsCliIo,
      }
    }
    const env = { DATA_DIR: join(dir, 'data') }
    const add = io(env)
    expect(await runRepsCli(['add', 'dee@example.com'], add.io)).toBe(0)
    const list = io(env)
    expect(await runRepsCli(['list'], list.io)).toBe(0)
    expect(list.output.stdout).toMatch(/^EMAIL\s+ROLE\s+STATUS\s+SINCE\ndee@example.com\s+rep\s+invited/)
    expect(list.output.stderr).toMatch(/^1 rep in the embedded database /)
    const bad = io({ SUPABASE_URL: 'https://x.supabase.co' })
    expect(await runRepsCli(['list'], bad.io)).toBe(1)
    expect(bad.output.stderr).toMatch(/SUPABASE_URL: is no longer read; set DATABASE_URL/)
  }, 60_000)
})
