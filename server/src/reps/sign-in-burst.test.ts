import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { REP_API_PATH } from '#core/rep-api.ts'
import { loadServerConfig } from '../config.ts'
import { type RunningServer, startServer } from '../start-server.ts'
import { TEST_PASSWORD } from '../testing/rep-test-app.ts'
import { openTestPostgresDatabase, type TestDatabase } from '../testing/test-postgres.ts'
import { runRepsCli } from './cli.ts'
import { SIGN_IN_FAILURES_PER_EMAIL } from './rep-settings.ts'

/**
 * Sign-ins at once to the Node server as production runs it: its database (the embedded one in a
 * thread of its own, or PostgreSQL through its pool) and scrypt at the production cost. Every answer
 * tells the truth about its attempt (never 503), however slowly the machine gets through them.
 */
const REPS = 6
/** No rep gets more attempts than the email limit, so only the address limit can refuse one. */
const ATTEMPTS = REPS * SIGN_IN_FAILURES_PER_EMAIL
const WRONG_PASSWORD = 'a wrong password, long enough'

let root: string
let server: RunningServer
let postgres: TestDatabase | undefined

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sign-in-burst-'))
  let database: Record<string, string> = { DATA_DIR: join(root, 'data') }
  if (process.env.TEST_DATABASE === 'postgres') {
    const own = await openTestPostgresDatabase()
    postgres = own.db
    database = { DATABASE_URL: own.url, CALL_HASH_SECRET: 'c'.repeat(40) }
  }
  // Reps are added as an operator adds them, before the server holds the embedded database.
  const tokens: string[] = []
  for (const group of ['apart', 'together']) {
    for (let i = 0; i < REPS; i++) tokens.push(await addRep(database, emailOf(group, i)))
  }
  server = await startServer(
    loadServerConfig({ ...database, PORT: '0', TRUSTED_PROXY_HEADER: 'x-forwarded-for' }),
    { siteDir: root, widgetDir: root, embedDemoDir: root },
  )
  for (const token of tokens) {
    expect((await post('/password', { token, password: TEST_PASSWORD })).status).toBe(200)
  }
}, 300_000)
afterAll(async () => {
  await server?.close()
  await postgres?.close()
  rmSync(root, { recursive: true, force: true })
})

const emailOf = (group: string, i: number) => `${group}-${i % REPS}@example.com`

/** Half of each rep's attempts with the right password, half with a wrong one. */
const listAttempts = (group: string) =>
  Array.from({ length: ATTEMPTS }, (_, i) => ({
    email: emailOf(group, i),
    right: Math.floor(i / REPS) % 2 === 0,
    address: `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`,
  }))

/** Sends every attempt before awaiting any answer, then waits for all of them. */
const signInAll = (
  attempts: ReturnType<typeof listAttempts>,
  headersOf: (address: string) => Record<string, string>,
) =>
  Promise.all(
    attempts.map(async ({ email, right, address }) => {
      const password = right ? TEST_PASSWORD : WRONG_PASSWORD
      const res = await post('/session', { email, password }, headersOf(address))
      return { right, status: res.status, body: await res.text() }
    }),
  )

/** `npm run reps -- add`: the one-time link's token. */
async function addRep(env: Record<string, string>, email: string): Promise<string> {
  let stdout = ''
  let stderr = ''
  const code = await runRepsCli(['add', email], {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
  })
  const token = /#token=([\w-]{43})\n$/.exec(stdout)?.[1]
  if (code !== 0 || token === undefined) throw new Error(`reps add ${email} failed: ${stderr}`)
  return token
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${REP_API_PATH}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

it(`answers ${ATTEMPTS} sign-ins at once from as many addresses: the right password 200, a wrong one 401`, async () => {
  const answers = await signInAll(listAttempts('apart'), (address) => ({ 'X-Forwarded-For': address }))
  const untrue = answers.filter((answer) => answer.status !== (answer.right ? 200 : 401))
  expect(untrue).toEqual([])
}, 600_000)

it(`answers ${ATTEMPTS} sign-ins at once from one unknown address truthfully: 200, 401, or 429 past its limit`, async () => {
  // No X-Forwarded-For from the trusted proxy: every attempt shares the one bucket of unknown
  // addresses, whose limit is below the attempts (and attempts under way count until they end).
  const answers = await signInAll(listAttempts('together'), () => ({}))
  const untrue = answers.filter(
    (answer) =>
      answer.status !== (answer.right ? 200 : 401) &&
      !(answer.status === 429 && answer.body.includes('"sign_in_limited"')),
  )
  expect(untrue).toEqual([])
}, 600_000)
