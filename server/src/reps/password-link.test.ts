import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import type { SessionResponse } from '#core/rep-api.ts'
import { createRepTestApp, type RepTestApp, TEST_PASSWORD } from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { resetRepPassword, setRepDisabled } from './rep-accounts.ts'
import { PASSWORD_LINK_SECONDS } from './rep-settings.ts'
import { createToken, hashToken } from './tokens.ts'

let backend: TestBackend
let reps: RepTestApp
beforeAll(async () => {
  backend = await createTestBackend()
  reps = createRepTestApp(backend)
})
afterAll(() => backend.db.close())

const usePasswordLink = (token: string, password: string) =>
  reps.request('/password', { method: 'POST', body: JSON.stringify({ token, password }) })
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error
const LINK_EXPIRED = {
  code: 'link_expired',
  message: 'This link has expired or was already used. Ask an admin for a new one.',
}
const newLink = () => {
  const token = createToken()
  const at = reps.clock.now()
  return {
    token,
    tokenHash: hashToken(token),
    at,
    expiresAt: new Date(at.getTime() + PASSWORD_LINK_SECONDS * 1000),
  }
}

describe('POST password (a one-time link)', () => {
  it('sets the password and signs the rep in, once', async () => {
    const { token } = await reps.addRep('new@example.com', 'rep', null)
    const res = await usePasswordLink(token, TEST_PASSWORD)
    expect(res.status).toBe(200)
    expect(((await res.json()) as SessionResponse).rep.email).toBe('new@example.com')
    expect(res.headers.getSetCookie()[0]).toMatch(
      /^rep_session=[\w-]{43}; Max-Age=604800; Path=\/; HttpOnly; SameSite=Strict$/,
    )
    expect((await reps.signIn('new@example.com')).rep.email).toBe('new@example.com')

    const again = await usePasswordLink(token, 'another good password')
    expect(again.status).toBe(400)
    expect(await errorOf(again)).toEqual(LINK_EXPIRED)
  })

  it('refuses a password under 12 characters, saying so, and keeps the link', async () => {
    const { token } = await reps.addRep('short@example.com', 'rep', null)
    const res = await usePasswordLink(token, '12345678901')
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toEqual({
      code: 'password_invalid',
      message: 'A password needs 12 to 1000 characters.',
    })
    expect((await usePasswordLink(token, '123456789012')).status).toBe(200)
  })

  it('refuses a link after 24 hours, an unknown one, and one of a disabled rep', async () => {
    const late = await reps.addRep('late@example.com', 'rep', null)
    reps.clock.advance(PASSWORD_LINK_SECONDS + 1)
    expect(await errorOf(await usePasswordLink(late.token, TEST_PASSWORD))).toEqual(LINK_EXPIRED)
    expect(await errorOf(await usePasswordLink(createToken(), TEST_PASSWORD))).toEqual(LINK_EXPIRED)
    expect(await errorOf(await usePasswordLink('not a token', TEST_PASSWORD))).toEqual(LINK_EXPIRED)

    const off = await reps.addRep('off@example.com', 'rep', null)
    await setRepDisabled(backend.deps.db, 'off@example.com', true, reps.clock.now())
    expect(await errorOf(await usePasswordLink(off.token, TEST_PASSWORD))).toEqual(LINK_EXPIRED)
  })
})

describe('a reset', () => {
  it('ends every session, stops the old password and the earlier links; the new link works', async () => {
    await reps.addRep('reset@example.com')
    const session = await reps.signIn('reset@example.com')
    const first = newLink()
    await resetRepPassword(backend.deps.db, 'reset@example.com', first)
    expect((await reps.request('/session', { session })).status).toBe(401)
    const oldPassword = await reps.request('/session', {
      method: 'POST',
      body: JSON.stringify({ email: 'reset@example.com', password: TEST_PASSWORD }),
    })
    expect(oldPassword.status).toBe(401)

    const second = newLink()
    await resetRepPassword(backend.deps.db, 'reset@example.com', second)
    expect(await errorOf(await usePasswordLink(first.token, 'a brand new password'))).toEqual(LINK_EXPIRED)
    expect((await usePasswordLink(second.token, 'a brand new password')).status).toBe(200)
    expect((await reps.signIn('reset@example.com', 'a brand new password')).rep.email).toBe(
      'reset@example.com',
    )
  })
})
