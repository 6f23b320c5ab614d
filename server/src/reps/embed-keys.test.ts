import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  EmbedKeyCreated,
  EmbedKeyInfoResponse,
  EmbedKeyListResponse,
  EmbedProspectsResponse,
} from '#core/embed-keys.ts'
import type { ErrorBody } from '#core/errors.ts'
import { CSRF_HEADER } from '#core/rep-api.ts'
import { makeProspectRow } from '../testing/prospect-fixture.ts'
import {
  createRepTestApp,
  importAsCommandLine,
  importAsRep,
  type RepTestApp,
  TEST_ADDRESS_HEADER,
  type TestSession,
} from '../testing/rep-test-app.ts'
import { createTestBackend, TEST_PUBLIC_CONFIG, type TestBackend } from '../testing/test-backend.ts'
import { EMBED_KEY_INVALID_MESSAGE } from './embed-key-routes.ts'

// A site's embed key lets the WordPress plugin (from the site's server) say whose key it is and search
// the prospects of the rep who made it, and nothing else: it is made and revoked by that rep alone,
// kept only as a hash, and refused the moment it is revoked or its rep disabled.

let backend: TestBackend
let reps: RepTestApp
let ann: TestSession
let bo: TestSession
let admin: TestSession
const ids: Record<string, string> = {}

beforeAll(async () => {
  backend = await createTestBackend()
  reps = createRepTestApp(backend)
  ids.ann = (await reps.addRep('ann@example.com')).id
  ids.bo = (await reps.addRep('bo@example.com')).id
  await reps.addRep('admin@example.com', 'admin')
  ann = await reps.signIn('ann@example.com')
  bo = await reps.signIn('bo@example.com')
  admin = await reps.signIn('admin@example.com')
  await reps.request('/profile', {
    method: 'PUT',
    session: ann,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Ann Lee', schedulingUrl: '' }),
  })
  await importAsRep(
    backend.db,
    [
      makeProspectRow({ slug: 'embed-ann-dental', name: 'Maya Patel', company_name: 'Ann Zephyr Dental' }),
      makeProspectRow({ slug: 'embed-ann-roofing', name: 'Tom Roof', company_name: 'Ann Roofing' }),
    ],
    ids.ann as string,
  )
  await importAsRep(
    backend.db,
    [makeProspectRow({ slug: 'embed-bo-dental', name: 'Bo Client', company_name: 'Bo Zephyr Dental' })],
    ids.bo as string,
  )
  await importAsCommandLine(backend.db, [
    makeProspectRow({ slug: 'embed-nobody-dental', name: 'No One', company_name: 'Nobody Zephyr Dental' }),
  ])
})
afterAll(() => backend.db.close())

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
})
const makeKey = async (session: TestSession, label: string) => {
  const answer = await reps.request('/embed-keys', { ...json({ label }), session })
  expect(answer.status).toBe(201)
  return (await answer.json()) as EmbedKeyCreated
}
const listKeys = async (session: TestSession) =>
  ((await (await reps.request('/embed-keys', { session })).json()) as EmbedKeyListResponse).keys
const embed = (path: string, secret: string | null, address = '203.0.113.7') =>
  reps.app.request(`http://127.0.0.1/api/embed${path}`, {
    headers: {
      ...(secret === null ? {} : { Authorization: `Bearer ${secret}` }),
      [TEST_ADDRESS_HEADER]: address,
    },
  })
const search = async (secret: string, query: string) => {
  const answer = await embed(`/prospects?q=${encodeURIComponent(query)}`, secret)
  expect(answer.status).toBe(200)
  return ((await answer.json()) as EmbedProspectsResponse).prospects
}
const expectInvalid = async (answer: Response) => {
  expect(answer.status).toBe(401)
  expect(await answer.json()).toEqual({
    error: { code: 'embed_key_invalid', message: EMBED_KEY_INVALID_MESSAGE },
  })
}

describe('embed keys', () => {
  it('are made by a rep for a site, shown once, kept hashed, listed with when they were last used', async () => {
    const made = await makeKey(ann, '  bright-smile.example ')
    expect(made.key.label).toBe('bright-smile.example')
    expect(made.secret).toMatch(/^vdk_[A-Za-z0-9_-]{43}$/)
    const { rows } = await backend.db.query<{ key_hash: string }>(
      'select key_hash from public.embed_keys where id = $1',
      [made.key.id],
    )
    expect(rows[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(rows)).not.toContain(made.secret.slice(4))

    const before = (await listKeys(ann)).find((key) => key.id === made.key.id)
    expect(before).toEqual({ ...made.key, lastUsedAt: null })
    expect(JSON.stringify(await listKeys(ann))).not.toContain(made.secret)
    // Another rep neither sees nor revokes it.
    expect((await listKeys(bo)).map((key) => key.id)).not.toContain(made.key.id)
    const foreign = await reps.request(`/embed-keys/${made.key.id}`, { method: 'DELETE', session: bo })
    expect(foreign.status).toBe(404)

    const info = await embed('/key', made.secret)
    expect(info.status).toBe(200)
    expect(await info.json()).toEqual({
      product: TEST_PUBLIC_CONFIG.productName,
      label: 'bright-smile.example',
      rep: 'Ann Lee',
    } satisfies EmbedKeyInfoResponse)
    const after = (await listKeys(ann)).find((key) => key.id === made.key.id)
    expect(after?.lastUsedAt).toBe(reps.clock.now().toISOString())
  })

  it('refuses a label that is empty or too long, and a change without the session’s CSRF token', async () => {
    for (const label of ['   ', 'x'.repeat(101)]) {
      const answer = await reps.request('/embed-keys', { ...json({ label }), session: ann })
      expect(answer.status).toBe(400)
      expect(((await answer.json()) as ErrorBody).error.fields).toEqual({
        label: 'Name the site in 1 to 100 characters, e.g. bright-smile.example.',
      })
    }
    const noCsrf = await reps.request('/embed-keys', {
      ...json({ label: 'site.example' }),
      session: ann,
      headers: { 'Content-Type': 'application/json', [CSRF_HEADER]: 'wrong' },
    })
    expect(noCsrf.status).toBe(403)
  })

  it('searches only what the key’s rep picks from: by name, company or slug; the rep’s own when empty', async () => {
    const { secret } = await makeKey(ann, 'search.example')
    // Every rep reads every prospect, so a search finds the team's, the rep's own first; never the fallback.
    const dental = await search(secret, 'zephyr dental')
    expect(dental.map((p) => p.slug)[0]).toBe('embed-ann-dental')
    expect(dental.map((p) => p.slug).sort()).toEqual([
      'embed-ann-dental',
      'embed-bo-dental',
      'embed-nobody-dental',
    ])
    expect(dental[0]).toEqual({
      slug: 'embed-ann-dental',
      name: 'Maya Patel',
      companyName: 'Ann Zephyr Dental',
      link: 'http://127.0.0.1/embed-ann-dental',
    })
    expect((await search(secret, 'TOM ROOF')).map((p) => p.slug)).toEqual(['embed-ann-roofing'])
    expect((await search(secret, 'embed-bo')).map((p) => p.slug)).toEqual(['embed-bo-dental'])
    expect(await search(secret, 'visitor')).toEqual([])
    // Nothing typed yet: the rep's own, most recent first, not the team's.
    const own = (await search(secret, '')).map((p) => p.slug)
    expect(own.sort()).toEqual(['embed-ann-dental', 'embed-ann-roofing'])
    const bosKey = await makeKey(bo, 'bo.example')
    expect((await search(bosKey.secret, '')).map((p) => p.slug)).toEqual(['embed-bo-dental'])

    const one = await embed('/prospects?q=zephyr&limit=1', secret)
    expect(((await one.json()) as EmbedProspectsResponse).prospects).toHaveLength(1)
    for (const limit of ['0', '21', 'x']) {
      expect((await embed(`/prospects?limit=${limit}`, secret)).status, limit).toBe(400)
    }
  })

  it('are refused once revoked, when unknown or missing, and when their rep is disabled', async () => {
    const { key, secret } = await makeKey(ann, 'revoked.example')
    expect((await embed('/key', secret)).status).toBe(200)
    const revoked = await reps.request(`/embed-keys/${key.id}`, { method: 'DELETE', session: ann })
    expect(revoked.status).toBe(204)
    expect((await listKeys(ann)).map((k) => k.id)).not.toContain(key.id)
    await expectInvalid(await embed('/key', secret))
    await expectInvalid(await embed('/prospects?q=dental', secret))
    expect((await reps.request(`/embed-keys/${key.id}`, { method: 'DELETE', session: ann })).status).toBe(404)

    await expectInvalid(await embed('/key', null))
    await expectInvalid(await embed('/key', `vdk_${'A'.repeat(43)}`))
    await expectInvalid(await embed('/key', 'not-a-key'))

    const bosKey = await makeKey(bo, 'disabled.example')
    expect((await embed('/key', bosKey.secret)).status).toBe(200)
    const off = await reps.request(`/team/${ids.bo}`, {
      method: 'PATCH',
      session: admin,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ disabled: true }),
    })
    expect(off.status).toBe(200)
    await expectInvalid(await embed('/key', bosKey.secret))
  })

  it('are limited per address, as the other public routes are', async () => {
    const { secret } = await makeKey(ann, 'limits.example')
    const address = '198.51.100.9'
    expect((await embed('/key', secret, address)).status).toBe(200)
    // This hour's requests from the site's server used up, as a script trying keys would use them.
    await backend.db.query(
      "update public.rate_limit_counters set hits = 100000 where bucket like 'embed:ip:%'",
    )
    const limited = await embed('/key', secret, address)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/)
  })
})
