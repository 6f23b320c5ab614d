import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import type { SessionResponse, TeamHistoryResponse, TeamResponse } from '#core/rep-api.ts'
import type { Db } from '../data/database.ts'
import { createRepTestApp, type RepTestApp, TEST_PASSWORD } from '../testing/rep-test-app.ts'
import { createTestBackend, expectClosedToClients, type TestBackend } from '../testing/test-backend.ts'
import { openFirstAdminSetup, SETUP_LINK_SECONDS } from './first-admin.ts'
import { listReps } from './rep-accounts.ts'

const ORIGIN = 'http://127.0.0.1:8787'

const TRIES = 6

let backend: TestBackend
let reps: RepTestApp
beforeAll(async () => {
  backend = await createTestBackend()
  reps = createRepTestApp(backend, { db: holdSetupsUntilAllArrive(backend.deps.db) })
})

/**
 * The database, except that the racing setups (their emails start with admin-) wait until TRIES of
 * them have come, then all go at once: each has found no admin yet, so only the database's own rule
 * can keep the second out.
 */
function holdSetupsUntilAllArrive(db: Db): Db {
  let waiting = 0
  let go = () => {}
  const together = new Promise<void>((resolve) => (go = resolve))
  return {
    async query(text, params) {
      const racing = params?.some((value) => typeof value === 'string' && value.startsWith('admin-'))
      if (text.includes('create_first_admin') && racing && waiting < TRIES) {
        if (++waiting === TRIES) go()
        await together
      }
      return db.query(text, params)
    },
  }
}
afterAll(() => backend.db.close())

const openSetup = () => openFirstAdminSetup(backend.deps.db, ORIGIN, reps.clock.now())
const tokenOf = (url: string | null) => new URL(url ?? '').hash.slice('#token='.length)
const setUp = (token: string, email: string, password = TEST_PASSWORD) =>
  reps.request('/setup', { method: 'POST', body: JSON.stringify({ token, email, password }) })
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error
const admins = async () => (await listReps(backend.deps.db)).filter((rep) => rep.role === 'admin')

describe('the first admin, from the setup link', () => {
  it('has a new link at each start while no admin exists, on the origin the server gives', async () => {
    const first = await openSetup()
    const second = await openSetup()
    expect(first).toMatch(/^http:\/\/127\.0\.0\.1:8787\/_\/setup#token=[\w-]{43}$/)
    expect(second).not.toBe(first)
  })

  it('refuses a bad email, a short password, an unknown or expired link and a rep’s email, changing nothing', async () => {
    const token = tokenOf(await openSetup())
    expect(await errorOf(await setUp(token, 'not an email'))).toMatchObject({ code: 'email_invalid' })
    expect(await errorOf(await setUp(token, 'ann@example.com', 'too short'))).toMatchObject({
      code: 'password_invalid',
    })
    const unknown = await setUp('a'.repeat(43), 'ann@example.com')
    expect(unknown.status).toBe(400)
    expect(await errorOf(unknown)).toEqual({
      code: 'setup_link_expired',
      message: 'This setup link has expired. Restarting the server prints a new one.',
    })
    await reps.addRep('bo@example.com', 'rep', null)
    const taken = await setUp(token, 'Bo@Example.com')
    expect([taken.status, (await errorOf(taken)).code]).toEqual([409, 'rep_exists'])

    reps.clock.advance(SETUP_LINK_SECONDS + 1)
    expect(await errorOf(await setUp(token, 'ann@example.com'))).toMatchObject({ code: 'setup_link_expired' })
    expect(await admins()).toEqual([])
  })

  it('makes one admin, signed in, however many try at once; then every link is spent', async () => {
    const older = tokenOf(await openSetup())
    const token = tokenOf(await openSetup())
    const tries = await Promise.all(
      Array.from({ length: TRIES }, (_, i) => setUp(i % 2 ? older : token, `admin-${i}@example.com`)),
    )
    const made = tries.filter((res) => res.status === 200)
    expect(made).toHaveLength(1)
    for (const refused of tries.filter((res) => res.status !== 200)) {
      expect([refused.status, await errorOf(refused)]).toEqual([
        409,
        {
          code: 'setup_done',
          message: 'An admin account exists already, so this setup link no longer works. Please sign in.',
        },
      ])
    }
    const [res] = made as [Response]
    const session = (await res.json()) as SessionResponse
    expect(session.rep).toMatchObject({
      role: 'admin',
      email: expect.stringMatching(/^admin-\d@example\.com$/),
    })
    const cookie = (res.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
    const asked = await reps.request('/session', {
      session: { cookie, csrfToken: session.csrfToken, rep: session.rep },
    })
    expect(((await asked.json()) as SessionResponse).rep).toEqual(session.rep)
    expect((await admins()).map((rep) => rep.email)).toEqual([session.rep.email])

    // Setting up is their sign-in and the first line of their history, as the Team page shows them.
    const signedIn = { cookie, csrfToken: session.csrfToken, rep: session.rep }
    const team = (await (await reps.request('/team', { session: signedIn })).json()) as TeamResponse
    const me = team.members.find((member) => member.id === session.rep.id)
    expect(me?.lastSignedInAt).toBe(reps.clock.now().toISOString())
    const history = (await (
      await reps.request(`/team/${session.rep.id}/history`, { session: signedIn })
    ).json()) as TeamHistoryResponse
    expect(history.history).toEqual([
      {
        action: 'set_up',
        stamp: { at: reps.clock.now().toISOString(), rep: session.rep },
        role: 'admin',
        endedSessions: 0,
      },
    ])

    expect(await openSetup()).toBeNull()
    expect((await setUp(token, 'late@example.com')).status).toBe(409)
  })
})

describe('the setup links in the database', () => {
  it('are the server’s alone: closed to the roles a browser key would have', async () => {
    await expectClosedToClients(backend, {
      tables: ['first_admin_tokens'],
      functions: ['open_first_admin_setup', 'create_first_admin'],
    })
  })
})

describe('an admin added by the command line', () => {
  let other: TestBackend
  beforeAll(async () => {
    other = await createTestBackend()
  })
  afterAll(() => other.db.close())

  it('spends the setup links too, and the next start makes none', async () => {
    const app = createRepTestApp(other)
    const link = await openFirstAdminSetup(other.deps.db, ORIGIN, app.clock.now())
    await app.addRep('cli-admin@example.com', 'admin', null)
    const res = await app.request('/setup', {
      method: 'POST',
      body: JSON.stringify({ token: tokenOf(link), email: 'web@example.com', password: TEST_PASSWORD }),
    })
    expect((await errorOf(res)).code).toBe('setup_done')
    expect(await openFirstAdminSetup(other.deps.db, ORIGIN, app.clock.now())).toBeNull()
  })
})
