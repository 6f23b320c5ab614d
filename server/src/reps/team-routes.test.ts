import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import type { TeamHistoryResponse, TeamLinkResponse, TeamMember, TeamResponse } from '#core/rep-api.ts'
import {
  createRepTestApp,
  type RepTestApp,
  TEST_PASSWORD,
  type TestSession,
} from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { PASSWORD_LINK_SECONDS } from './rep-settings.ts'

let backend: TestBackend
let reps: RepTestApp
let ann: TestSession // an admin
let bo: TestSession // a rep
beforeAll(async () => {
  backend = await createTestBackend()
  reps = createRepTestApp(backend)
  await reps.addRep('ann@example.com', 'admin')
  await reps.addRep('bo@example.com')
  ann = await reps.signIn('ann@example.com')
  bo = await reps.signIn('bo@example.com')
})
afterAll(() => backend.db.close())

const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error
const send = (path: string, session: TestSession | null, method: string, body?: unknown) =>
  reps.request(path, {
    method,
    session,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    headers: { 'Content-Type': 'application/json' },
  })
const invite = (email: string, role = 'rep', session = ann) => send('/team', session, 'POST', { email, role })
const tokenOf = (url: string) => /#token=([\w-]{43})$/.exec(url)?.[1] ?? ''
const usePasswordLink = (url: string, password = TEST_PASSWORD) =>
  reps.request('/password', { method: 'POST', body: JSON.stringify({ token: tokenOf(url), password }) })
async function team(): Promise<TeamMember[]> {
  const res = await reps.request('/team', { session: ann })
  expect(res.status).toBe(200)
  return ((await res.json()) as TeamResponse).members
}
const memberNamed = async (email: string) => (await team()).find((member) => member.email === email)
async function historyOf(id: string) {
  const res = await reps.request(`/team/${id}/history`, { session: ann })
  expect(res.status).toBe(200)
  return ((await res.json()) as TeamHistoryResponse).history
}

describe('who may use the team routes', () => {
  it('answers an admin, and refuses a rep with 403 on every route, changing nothing', async () => {
    expect((await reps.request('/team', { session: ann })).status).toBe(200)
    const id = (await memberNamed('bo@example.com'))?.id ?? ''
    for (const [path, method, body] of [
      ['/team', 'GET', undefined],
      ['/team', 'POST', { email: 'sneaky@example.com', role: 'admin' }],
      [`/team/${id}/link`, 'POST', undefined],
      [`/team/${id}`, 'PATCH', { role: 'admin' }],
      [`/team/${id}/history`, 'GET', undefined],
    ] as const) {
      const res = await send(path, bo, method, body)
      expect(res.status, `${method} ${path}`).toBe(403)
      expect(await errorOf(res)).toEqual({ code: 'forbidden', message: 'Only an admin can manage the team.' })
    }
    expect(await memberNamed('sneaky@example.com')).toBeUndefined()
    expect((await memberNamed('bo@example.com'))?.role).toBe('rep')
    expect((await reps.request('/team')).status).toBe(401)
  })

  it('refuses a change without the CSRF token, as every change of the reps API', async () => {
    const res = await reps.request('/team', {
      method: 'POST',
      body: JSON.stringify({ email: 'nocsrf@example.com', role: 'rep' }),
      headers: { Cookie: ann.cookie },
    })
    expect(res.status).toBe(403)
    expect((await errorOf(res)).code).toBe('csrf_failed')
  })
})

describe('GET team', () => {
  it('lists everyone by email with role, status in words the page maps, and the last sign-in', async () => {
    const res = await reps.request('/team', { session: ann })
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const body = (await res.json()) as TeamResponse
    expect(body.asOf).toBe(reps.clock.now().toISOString())
    const [first, second] = body.members
    expect(first).toEqual({
      id: expect.any(String),
      email: 'ann@example.com',
      role: 'admin',
      status: 'active',
      linkExpiresAt: null,
      lastSignedInAt: reps.clock.now().toISOString(),
      createdAt: expect.any(String),
    })
    expect(second).toMatchObject({ email: 'bo@example.com', role: 'rep', status: 'active' })
  })

  it('moves the last sign-in with every sign-in', async () => {
    reps.clock.advance(3600)
    await reps.signIn('bo@example.com')
    expect((await memberNamed('bo@example.com'))?.lastSignedInAt).toBe(reps.clock.now().toISOString())
    expect((await memberNamed('ann@example.com'))?.lastSignedInAt).not.toBe(reps.clock.now().toISOString())
  })
})

describe('POST team (invite)', () => {
  it('adds the rep with a one-time link on the request origin, valid for the link time, and keeps who did it', async () => {
    const res = await invite(' Dee@Example.com ', 'admin')
    expect(res.status).toBe(201)
    const body = (await res.json()) as TeamLinkResponse
    expect(body.member).toMatchObject({ email: 'dee@example.com', role: 'admin', status: 'invited' })
    expect(body.link.url).toMatch(/^http:\/\/127\.0\.0\.1\/_\/set-password#token=[\w-]{43}$/)
    expect(Date.parse(body.link.expiresAt) - Date.parse(body.link.createdAt)).toBe(
      PASSWORD_LINK_SECONDS * 1000,
    )
    expect(body.member.linkExpiresAt).toBe(body.link.expiresAt)
    expect(body.member.lastSignedInAt).toBeNull()

    const history = await historyOf(body.member.id)
    expect(history).toEqual([
      {
        action: 'invited',
        stamp: { at: reps.clock.now().toISOString(), rep: ann.rep },
        role: 'admin',
        endedSessions: 0,
      },
    ])

    reps.clock.advance(60)
    expect((await usePasswordLink(body.link.url)).status).toBe(200)
    const dee = await memberNamed('dee@example.com')
    expect(dee).toMatchObject({ status: 'active', linkExpiresAt: null })
    expect(dee?.lastSignedInAt).toBe(reps.clock.now().toISOString())
    expect((await historyOf(body.member.id)).map((entry) => [entry.action, entry.stamp.rep?.email])).toEqual([
      ['password_set', 'dee@example.com'],
      ['invited', 'ann@example.com'],
    ])
  })

  it('puts links on SITE_URL when it is set', async () => {
    const onSite = createRepTestApp(backend, { siteUrl: 'https://reps.example.com' })
    const session = await onSite.signIn('ann@example.com')
    const res = await onSite.request('/team', {
      method: 'POST',
      session,
      body: JSON.stringify({ email: 'site@example.com', role: 'rep' }),
    })
    expect(res.status).toBe(201)
    expect(((await res.json()) as TeamLinkResponse).link.url).toMatch(
      /^https:\/\/reps\.example\.com\/_\/set-password#token=/,
    )
  })

  it('refuses an email that is taken or not an email, and a role that is neither', async () => {
    const taken = await invite('BO@example.com')
    expect(taken.status).toBe(409)
    // The message says where the button that helps is: inside Manage on their row, by their account.
    expect(await errorOf(taken)).toEqual({
      code: 'rep_exists',
      message:
        'bo@example.com is already on the team and has a password. If they lost it, open Manage on their row under People and choose Reset password.',
    })
    expect((await invite('gil@example.com')).status).toBe(201)
    expect(await errorOf(await invite('gil@example.com'))).toEqual({
      code: 'rep_exists',
      message:
        'gil@example.com is already on the team. To give them a new link, open Manage on their row under People and choose Send a new link.',
    })
    for (const email of ['not-an-email', 'a b@example.com', '', `${'x'.repeat(250)}@example.com`]) {
      const res = await invite(email)
      expect(res.status, email).toBe(400)
      expect((await errorOf(res)).code).toBe('email_invalid')
    }
    expect((await invite('ok@example.com', 'owner')).status).toBe(400)
  })
})

describe('POST team/:id/link', () => {
  it('sends an invited rep a new link: the old one stops working at once', async () => {
    const first = (await (await invite('eve@example.com')).json()) as TeamLinkResponse
    reps.clock.advance(60)
    const res = await send(`/team/${first.member.id}/link`, ann, 'POST')
    expect(res.status).toBe(200)
    const second = (await res.json()) as TeamLinkResponse
    expect(second.link.url).not.toBe(first.link.url)
    expect(second.member).toMatchObject({ status: 'invited', linkExpiresAt: second.link.expiresAt })
    expect((await usePasswordLink(first.link.url)).status).toBe(400)
    expect((await historyOf(first.member.id)).map((entry) => entry.action)).toEqual([
      'link_resent',
      'invited',
    ])
    expect((await usePasswordLink(second.link.url)).status).toBe(200)
  })

  it('resets an active rep: their password and every session stop at once, until the new link is used', async () => {
    const { id } = await reps.addRep('fay@example.com')
    const sessions = [await reps.signIn('fay@example.com'), await reps.signIn('fay@example.com')]
    const res = await send(`/team/${id}/link`, ann, 'POST')
    expect(res.status).toBe(200)
    const body = (await res.json()) as TeamLinkResponse
    // Two sign-ins here and one when the password was set.
    expect(body.endedSessions).toBe(3)
    expect(body.member.status).toBe('reset')
    for (const session of sessions) expect((await reps.request('/session', { session })).status).toBe(401)
    expect(
      (await send('/session', null, 'POST', { email: 'fay@example.com', password: TEST_PASSWORD })).status,
    ).toBe(401)
    const [reset] = await historyOf(id)
    expect(reset).toMatchObject({ action: 'password_reset', endedSessions: 3, stamp: { rep: ann.rep } })
    expect((await usePasswordLink(body.link.url, 'a brand new password')).status).toBe(200)
    expect((await memberNamed('fay@example.com'))?.status).toBe('active')
  })

  it('tells when the link has expired, and refuses an admin resetting their own password', async () => {
    const { member } = (await (await invite('gus@example.com')).json()) as TeamLinkResponse
    reps.clock.advance(PASSWORD_LINK_SECONDS + 1)
    // The clock moved past the admin's idle time too: a fresh session.
    ann = await reps.signIn('ann@example.com')
    const body = (await (await reps.request('/team', { session: ann })).json()) as TeamResponse
    const gus = body.members.find((one) => one.id === member.id)
    expect(gus?.status).toBe('invited')
    expect(Date.parse(gus?.linkExpiresAt ?? '')).toBeLessThan(Date.parse(body.asOf))

    const own = await send(`/team/${ann.rep.id}/link`, ann, 'POST')
    expect(own.status).toBe(403)
    expect((await errorOf(own)).message).toBe('You cannot reset your own password here. Another admin can.')
    expect((await reps.request('/session', { session: ann })).status).toBe(200)
  })

  it('answers 404 for someone not on the team', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await send(`/team/${id}/link`, ann, 'POST')
      expect(res.status, id).toBe(404)
      expect(await errorOf(res)).toEqual({
        code: 'rep_not_found',
        message: 'This person is not on the team.',
      })
      expect((await reps.request(`/team/${id}/history`, { session: ann })).status).toBe(404)
    }
  })
})
