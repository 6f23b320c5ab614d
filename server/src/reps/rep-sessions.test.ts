import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import type { SessionResponse } from '#core/rep-api.ts'
import { createRepTestApp, type RepTestApp, TEST_PASSWORD } from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { createPasswordHasher, type PasswordHasher } from './passwords.ts'
import { setRepDisabled } from './rep-accounts.ts'
import { SESSION_IDLE_SECONDS, SESSION_MAX_SECONDS } from './rep-settings.ts'

let backend: TestBackend
let reps: RepTestApp
const verified: string[] = []
beforeAll(async () => {
  backend = await createTestBackend()
  // Counts the scrypt runs, to see that an unknown email costs one as a wrong password does.
  const real = createPasswordHasher({ N: 2 ** 10, r: 8, p: 1 })
  const passwords: PasswordHasher = {
    hash: real.hash,
    verify(password, stored) {
      verified.push('verify')
      return real.verify(password, stored)
    },
    verifyNothing(password) {
      verified.push('verifyNothing')
      return real.verifyNothing(password)
    },
  }
  reps = createRepTestApp(backend, { passwords })
  await reps.addRep('ann@example.com', 'admin')
  await reps.addRep('bo@example.com')
  await reps.addRep('invited@example.com', 'rep', null)
})
afterAll(() => backend.db.close())

const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error
const signInAs = (email: string, password: string) =>
  reps.request('/session', { method: 'POST', body: JSON.stringify({ email, password }) })

describe('POST session (sign in)', () => {
  it('answers the rep and a CSRF token, with an HttpOnly, SameSite=Strict session cookie', async () => {
    const res = await signInAs(' Ann@Example.com ', TEST_PASSWORD)
    expect(res.status).toBe(200)
    const body = (await res.json()) as SessionResponse
    expect(body.rep).toEqual({ id: expect.any(String), email: 'ann@example.com', role: 'admin' })
    expect(body.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const [cookie, team] = res.headers.getSetCookie()
    expect(cookie).toMatch(
      /^rep_session=[A-Za-z0-9_-]{43}; Max-Age=604800; Path=\/; HttpOnly; SameSite=Strict$/,
    )
    // Beside it, a mark the page's script reads (no secret in it): this browser is the team's, so
    // the widget marks its calls as the team's tests.
    expect(team).toBe('voice_demo_team=1; Max-Age=604800; Path=/; SameSite=Strict')
    expect(res.headers.get('Cache-Control')).toBe('no-store')
  })

  it('marks the cookie Secure unless the request is plain http to a loopback host', async () => {
    for (const [origin, secure] of [
      ['https://reps.example.com', true],
      ['http://reps.example.com', true],
      ['http://localhost:8787', false],
      ['http://[::1]:8787', false],
    ] as const) {
      const res = await reps.app.request(`${origin}/api/reps/session`, {
        method: 'POST',
        body: JSON.stringify({ email: 'bo@example.com', password: TEST_PASSWORD }),
      })
      expect(res.status, origin).toBe(200)
      expect(/; Secure/.test(res.headers.get('Set-Cookie') ?? ''), origin).toBe(secure)
    }
  })

  it('marks it Secure on a loopback host too when SITE_URL is https or a trusted proxy says https', async () => {
    // A proxy that ends TLS and passes on a loopback Host (nginx's default) reaches us as plain http.
    const cases = [
      [{ siteUrl: 'https://reps.example.com' }, {}, true],
      [{ trustedProxy: true }, { 'X-Forwarded-Proto': 'https' }, true],
      [{ trustedProxy: true }, { 'X-Forwarded-Proto': 'http' }, false],
      [{ trustedProxy: false }, { 'X-Forwarded-Proto': 'https' }, false], // the client's word
      [{ siteUrl: 'http://localhost:8787' }, {}, false],
    ] as const
    for (const [options, headers, secure] of cases) {
      const app = createRepTestApp(backend, options).app
      const res = await app.request('http://127.0.0.1:8787/api/reps/session', {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: 'bo@example.com', password: TEST_PASSWORD }),
      })
      const label = JSON.stringify([options, headers])
      expect(res.status, label).toBe(200)
      expect(/; Secure/.test(res.headers.get('Set-Cookie') ?? ''), label).toBe(secure)
    }
  })

  it('answers a wrong password, an unknown email and a rep without a password alike, each after one scrypt', async () => {
    const answers = []
    for (const [email, password] of [
      ['bo@example.com', 'not the right password'],
      ['nobody@example.com', TEST_PASSWORD],
      ['invited@example.com', TEST_PASSWORD],
    ] as const) {
      verified.length = 0
      const res = await signInAs(email, password)
      expect(res.status).toBe(401)
      expect(res.headers.get('Set-Cookie')).toBeNull()
      answers.push(await errorOf(res))
      expect(verified).toHaveLength(1)
    }
    expect(answers).toEqual(
      Array(3).fill({ code: 'sign_in_failed', message: 'That email and password do not match.' }),
    )
  })

  it('refuses a malformed body with 400', async () => {
    const res = await reps.request('/session', { method: 'POST', body: '{"email":"bo@example.com"}' })
    expect(res.status).toBe(400)
  })
})

describe('GET and DELETE session', () => {
  it('answers who is signed in and the same CSRF token; signing out ends the session and clears the cookie', async () => {
    const session = await reps.signIn('bo@example.com')
    const res = await reps.request('/session', { session })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ rep: session.rep, csrfToken: session.csrfToken })

    const out = await reps.request('/session', { method: 'DELETE', session })
    expect(out.status).toBe(204)
    const [cleared, teamCleared] = out.headers.getSetCookie()
    expect(cleared).toMatch(/^rep_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Strict/)
    expect(teamCleared).toMatch(/^voice_demo_team=; Max-Age=0; Path=\/; SameSite=Strict/)
    // The same cookie, sent again (copied, or a tab that missed the sign-out), is dead server-side.
    const again = await reps.request('/session', { session })
    expect(again.status).toBe(401)
    expect(await errorOf(again)).toEqual({ code: 'signed_out', message: 'Please sign in.' })
  })

  it('answers 401 signed_out without a cookie, and clears a forged one', async () => {
    expect((await reps.request('/session')).status).toBe(401)
    for (const cookie of [`rep_session=${'A'.repeat(43)}`, 'rep_session=not-a-token', 'rep_session=']) {
      const res = await reps.request('/prospects', { headers: { Cookie: cookie } })
      expect(res.status, cookie).toBe(401)
      expect(res.headers.get('Set-Cookie'), cookie).toMatch(/^rep_session=; Max-Age=0/)
    }
  })
})

describe('session expiry', () => {
  it(`ends a session left unused for ${SESSION_IDLE_SECONDS / 3600} hours`, async () => {
    const session = await reps.signIn('bo@example.com')
    reps.clock.advance(SESSION_IDLE_SECONDS - 60)
    expect((await reps.request('/session', { session })).status).toBe(200)
    reps.clock.advance(SESSION_IDLE_SECONDS - 60) // used just now: still alive
    expect((await reps.request('/session', { session })).status).toBe(200)
    reps.clock.advance(SESSION_IDLE_SECONDS + 1)
    expect((await reps.request('/session', { session })).status).toBe(401)
  })

  it(`ends a session ${SESSION_MAX_SECONDS / 86400} days after sign-in however much it is used`, async () => {
    const session = await reps.signIn('bo@example.com')
    let elapsed = 0
    while (elapsed + 11 * 3600 < SESSION_MAX_SECONDS) {
      reps.clock.advance(11 * 3600)
      elapsed += 11 * 3600
      expect((await reps.request('/session', { session })).status).toBe(200)
    }
    reps.clock.advance(SESSION_MAX_SECONDS - elapsed)
    expect((await reps.request('/session', { session })).status).toBe(401)
  })
})

describe('a disabled rep', () => {
  it('is signed out at once everywhere, and told so only with the right password', async () => {
    await reps.addRep('cy@example.com')
    const [first, second] = [await reps.signIn('cy@example.com'), await reps.signIn('cy@example.com')]
    await setRepDisabled(backend.deps.db, 'cy@example.com', true, reps.clock.now())
    for (const session of [first, second])
      expect((await reps.request('/session', { session })).status).toBe(401)

    const right = await signInAs('cy@example.com', TEST_PASSWORD)
    expect(right.status).toBe(403)
    expect((await errorOf(right)).code).toBe('rep_disabled')
    expect((await errorOf(await signInAs('cy@example.com', 'a wrong password!'))).code).toBe('sign_in_failed')

    await setRepDisabled(backend.deps.db, 'cy@example.com', false, reps.clock.now())
    expect((await reps.request('/session', { session: first })).status).toBe(401) // ended stays ended
    expect((await signInAs('cy@example.com', TEST_PASSWORD)).status).toBe(200)
  })
})
