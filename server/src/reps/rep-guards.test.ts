import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import { CSRF_HEADER } from '#core/rep-api.ts'
import {
  createRepTestApp,
  type RepTestApp,
  TEST_ADDRESS_HEADER,
  TEST_PASSWORD,
} from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import {
  SIGN_IN_FAILURES_PER_ADDRESS,
  SIGN_IN_FAILURES_PER_EMAIL,
  SIGN_IN_WINDOW_SECONDS,
} from './rep-settings.ts'

let backend: TestBackend
let reps: RepTestApp
beforeAll(async () => {
  backend = await createTestBackend()
  reps = createRepTestApp(backend, { siteUrl: 'https://demo.example.com' })
  await reps.addRep('ann@example.com', 'admin')
  await reps.addRep('bo@example.com')
})
afterAll(() => backend.db.close())

const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error
const signInFrom = (address: string, email: string, password: string) =>
  reps.request('/session', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
    headers: { [TEST_ADDRESS_HEADER]: address },
  })

describe('CSRF', () => {
  const deleteProspect = (init: Parameters<RepTestApp['request']>[1]) =>
    reps.request('/prospects/bright-smile-dental', { method: 'DELETE', ...init })

  it('refuses a change without the session’s token, or with another session’s, and changes nothing', async () => {
    const ann = await reps.signIn('ann@example.com')
    const bo = await reps.signIn('bo@example.com')
    for (const token of [null, '', 'x'.repeat(43), bo.csrfToken, `${ann.csrfToken}x`]) {
      const headers = token === null ? {} : { [CSRF_HEADER]: token }
      const res = await reps.request('/prospects/bright-smile-dental', {
        method: 'DELETE',
        session: { ...ann, csrfToken: '' },
        headers,
      })
      expect(res.status, String(token)).toBe(403)
      expect(await errorOf(res)).toEqual({
        code: 'csrf_failed',
        message: 'This page is out of date. Please reload it and try again.',
      })
    }
    expect((await reps.request('/prospects/bright-smile-dental', { session: ann })).status).toBe(200)
    expect(
      (await reps.request('/session', { method: 'DELETE', session: { ...ann, csrfToken: 'no' } })).status,
    ).toBe(403)
    expect((await reps.request('/session', { session: ann })).status).toBe(200) // still signed in
  })

  it('answers signed_out before csrf_failed: without a session there is no token to compare', async () => {
    expect((await deleteProspect({})).status).toBe(401)
  })

  it('refuses a change sent from another site’s page, sign-in included', async () => {
    const ann = await reps.signIn('ann@example.com')
    for (const origin of ['https://evil.example', 'null', 'https://demo.example.com.evil.example']) {
      const change = await deleteProspect({ session: ann, headers: { Origin: origin } })
      expect(change.status, origin).toBe(403)
      const signIn = await reps.request('/session', {
        method: 'POST',
        body: JSON.stringify({ email: 'ann@example.com', password: TEST_PASSWORD }),
        headers: { Origin: origin },
      })
      expect(signIn.status, origin).toBe(403)
      expect((await errorOf(signIn)).code).toBe('csrf_failed')
    }
  })

  it('accepts its own origin, SITE_URL’s, and on loopback http another loopback port (the dev site)', async () => {
    for (const origin of ['http://127.0.0.1', 'https://demo.example.com', 'http://localhost:5173']) {
      const res = await reps.request('/session', {
        method: 'POST',
        body: JSON.stringify({ email: 'bo@example.com', password: TEST_PASSWORD }),
        headers: { Origin: origin },
      })
      expect(res.status, origin).toBe(200)
    }
    const remote = await reps.app.request('https://api.example.com/api/reps/session', {
      method: 'POST',
      body: JSON.stringify({ email: 'bo@example.com', password: TEST_PASSWORD }),
      headers: { Origin: 'http://localhost:5173' },
    })
    expect(remote.status).toBe(403)
  })

  describe('behind a trusted proxy (TRUSTED_PROXY_HEADER set)', () => {
    const signInFromPage = (app: RepTestApp, url: string, headers: Record<string, string>) =>
      app.app.request(url, {
        method: 'POST',
        body: JSON.stringify({ email: 'bo@example.com', password: TEST_PASSWORD }),
        headers,
      })

    it('refuses every loopback origin, the address the proxy reaches the server on included', async () => {
      const proxied = createRepTestApp(backend, { siteUrl: 'https://demo.example.com', trustedProxy: true })
      const loopbacks = [
        'http://127.0.0.1',
        'http://127.0.0.1:8787',
        'http://localhost:5173',
        'https://localhost',
        'http://[::1]:3000',
      ]
      for (const origin of loopbacks) {
        const res = await signInFromPage(proxied, 'http://127.0.0.1:8787/api/reps/session', {
          'X-Forwarded-Proto': 'https',
          Origin: origin,
        })
        expect(res.status, origin).toBe(403)
        expect((await errorOf(res)).code).toBe('csrf_failed')
      }
      const site = await signInFromPage(proxied, 'http://127.0.0.1:8787/api/reps/session', {
        'X-Forwarded-Proto': 'https',
        Origin: 'https://demo.example.com',
      })
      expect(site.status).toBe(200)
    })

    it('without SITE_URL accepts the public origin the proxy passes on, in the scheme the browser used', async () => {
      const proxied = createRepTestApp(backend, { trustedProxy: true })
      const at = 'http://demo.example.com/api/reps/session'
      const https = { 'X-Forwarded-Proto': 'https' }
      expect(
        (await signInFromPage(proxied, at, { ...https, Origin: 'https://demo.example.com' })).status,
      ).toBe(200)
      expect(
        (await signInFromPage(proxied, at, { ...https, Origin: 'http://demo.example.com' })).status,
      ).toBe(403)
      // A default port the proxy names in Host is no other origin.
      const withPort = 'http://demo.example.com:443/api/reps/session'
      expect(
        (await signInFromPage(proxied, withPort, { ...https, Origin: 'https://demo.example.com' })).status,
      ).toBe(200)
    })
  })
})

describe('CORS', () => {
  it('gives the reps’ API no CORS headers at all, while the public API stays open to any origin', async () => {
    const ann = await reps.signIn('ann@example.com')
    for (const init of [
      {
        method: 'OPTIONS',
        headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
      },
      { headers: { Origin: 'https://evil.example', Cookie: ann.cookie } },
    ]) {
      const res = await reps.request('/session', init)
      expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull()
      expect(res.headers.get('Access-Control-Allow-Credentials')).toBeNull()
    }
    const open = await reps.app.request('/api/prospects/visitor', {
      headers: { Origin: 'https://partner.example' },
    })
    expect(open.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(open.headers.get('Access-Control-Allow-Credentials')).toBeNull()
  })
})

describe('sign-in limits', () => {
  it(`allows ${SIGN_IN_FAILURES_PER_EMAIL} failures per email in ${SIGN_IN_WINDOW_SECONDS / 60} minutes, then 429 with Retry-After, even with the right password`, async () => {
    await reps.addRep('limited@example.com')
    for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL; i++) {
      reps.clock.advance(10)
      expect((await signInFrom(`10.0.0.${i}`, 'limited@example.com', 'wrong password!!')).status).toBe(401)
    }
    const refused = await signInFrom('10.0.1.1', 'Limited@example.com', TEST_PASSWORD)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe(String(SIGN_IN_WINDOW_SECONDS - 90))
    expect(await errorOf(refused)).toEqual({
      code: 'sign_in_limited',
      message: 'Too many sign-in attempts. Please try again in 14 minutes.',
    })
    expect((await signInFrom('10.0.1.1', 'bo@example.com', TEST_PASSWORD)).status).toBe(200) // another account
    reps.clock.advance(SIGN_IN_WINDOW_SECONDS - 90) // the first failure leaves the window
    expect((await signInFrom('10.0.1.1', 'limited@example.com', TEST_PASSWORD)).status).toBe(200)
  })

  it(`allows ${SIGN_IN_FAILURES_PER_ADDRESS} failures per address, whatever the emails, then 429`, async () => {
    reps.clock.advance(SIGN_IN_WINDOW_SECONDS)
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS; i++) {
      expect((await signInFrom('192.0.2.7', `guess-${i}@example.com`, 'wrong password!!')).status).toBe(401)
    }
    const refused = await signInFrom('192.0.2.7', 'bo@example.com', TEST_PASSWORD)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBe(SIGN_IN_WINDOW_SECONDS)
    expect((await signInFrom('192.0.2.8', 'bo@example.com', TEST_PASSWORD)).status).toBe(200)
  })

  it(`counts every sign-in with no known address as one address: ${SIGN_IN_FAILURES_PER_ADDRESS} failures, then 429`, async () => {
    reps.clock.advance(SIGN_IN_WINDOW_SECONDS)
    const withoutAddress = (email: string, password: string) =>
      reps.request('/session', { method: 'POST', body: JSON.stringify({ email, password }) })
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS; i++) {
      expect((await withoutAddress(`hidden-${i}@example.com`, 'wrong password!!')).status).toBe(401)
    }
    const refused = await withoutAddress('bo@example.com', TEST_PASSWORD)
    expect(refused.status).toBe(429)
    expect(await errorOf(refused)).toMatchObject({ code: 'sign_in_limited' })
    // A known address is a bucket of its own.
    expect((await signInFrom('192.0.2.9', 'bo@example.com', TEST_PASSWORD)).status).toBe(200)
  })

  it('counts no success against the limit', async () => {
    reps.clock.advance(SIGN_IN_WINDOW_SECONDS)
    for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL + 2; i++) {
      expect((await signInFrom('198.51.100.1', 'ann@example.com', TEST_PASSWORD)).status).toBe(200)
    }
  })
})
