import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from './app.ts'
import { upsertProspects } from './prospects/prospect-store.ts'
import { type ApiRole, signLocalKey } from './rest/local-jwt.ts'
import { makeProspectRow } from './testing/prospect-fixture.ts'
import { createTestBackend, type TestBackend } from './testing/test-backend.ts'

/**
 * The privacy promise: nobody without the service role can list prospects (one might be
 * tempted to scrape every personalised page). Checked over HTTP against the server as it runs
 * locally, with the local REST layer mounted at /rest/v1 exactly as hosted Supabase exposes its
 * PostgREST, and against the API, whose only listing route (/api/reps/prospects) needs a signed-in rep.
 */
let backend: TestBackend
let app: Hono
const keys = {} as Record<ApiRole, string>
const SLUGS = ['bright-smile-dental', 'harbor-realty', 'visitor', 'privacy-a', 'privacy-b']

beforeAll(async () => {
  backend = await createTestBackend()
  app = createApp({ ...backend.deps, reps: { hashSecret: 'h'.repeat(32), siteUrl: null } })
  for (const role of ['anon', 'authenticated', 'service_role'] as const)
    keys[role] = await signLocalKey(backend.secret, role)
  const row = (slug: string) =>
    makeProspectRow({ slug, name: `Name ${slug}`, company_name: 'Co', first_message: 'Hi', system: 'S' })
  await upsertProspects(backend.deps.supabase, [row('privacy-a'), row('privacy-b')])
})
afterAll(() => backend.db.close())

/** How many distinct prospect slugs an answer gives away (as JSON strings: "prospects" is no leak). */
const slugsIn = (text: string) => SLUGS.filter((slug) => text.includes(`"${slug}"`)).length

describe('the REST layer with the public (anon) key', () => {
  const asBrowser = (path: string, init: RequestInit = {}, role: ApiRole = 'anon') =>
    app.request(path, { ...init, headers: { apikey: keys[role], ...init.headers } })

  it.each([
    '/rest/v1/prospects',
    '/rest/v1/prospects?select=*',
    '/rest/v1/prospects?select=slug,name,company_name',
    '/rest/v1/prospects?slug=eq.bright-smile-dental',
  ])('refuses to read %s: 401 with 42501 and no rows', async (path) => {
    const res = await asBrowser(path)
    expect(res.status).toBe(401)
    const text = await res.text()
    expect(JSON.parse(text)).toMatchObject({
      code: '42501',
      message: 'permission denied for table prospects',
    })
    expect(slugsIn(text)).toBe(0)
  })

  it('refuses the same read with the anon key as a bearer token, as authenticated, and without a key', async () => {
    const bearer = await app.request('/rest/v1/prospects', {
      headers: { Authorization: `Bearer ${keys.anon}` },
    })
    expect(bearer.status).toBe(401)
    expect((await asBrowser('/rest/v1/prospects', {}, 'authenticated')).status).toBe(403)
    const noKey = await app.request('/rest/v1/prospects')
    expect(noKey.status).toBe(401)
    expect(slugsIn(await noKey.text())).toBe(0)
  })

  it.each([
    ['list_prospects', '{}'],
    ['upsert_prospects', '{"prospects":[]}'],
    ['delete_prospect', '{"slug":"harbor-realty"}'],
    [
      'list_rep_prospects',
      '{"query":"","sort":"slug","descending":false,"owner_id":null,"page_offset":0,"page_size":50}',
    ],
    ['get_rep_prospect', '{"slug":"privacy-a"}'],
    ['list_reps', '{}'],
  ])('refuses the operators’ function %s', async (fn, body) => {
    const res = await asBrowser(`/rest/v1/rpc/${fn}`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json' },
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ code: '42501' })
  })

  it('while the service role (the server) can list them, so the refusals above are about the role', async () => {
    const res = await asBrowser('/rest/v1/prospects?select=slug', {}, 'service_role')
    expect(res.status).toBe(200)
    expect(slugsIn(await res.text())).toBe(SLUGS.length)
  })
})

describe('the API', () => {
  it.each([
    '/api/prospects',
    '/api/prospects/',
    '/api/prospects?select=*',
    '/api/prospects?slug=privacy-a',
    '/api/prospects/*',
    '/api/prospects/%2A',
    '/api/prospects/privacy-a,privacy-b',
    '/api/prospects/privacy-a/privacy-b',
    '/api/prospects/privacy-%25',
    '/api/prospects/privacy-a/..',
  ])('gives at most one prospect for %s', async (path) => {
    const res = await app.request(path)
    const text = await res.text()
    expect(slugsIn(text), text).toBeLessThanOrEqual(1)
    if (res.status === 200) expect(Object.keys(JSON.parse(text))).toEqual(['prospect', 'fallback'])
  })

  it('lists prospects to a signed-in rep only: 401 signed_out and no slugs without a session', async () => {
    for (const path of [
      '/api/reps/prospects',
      '/api/reps/prospects?q=privacy',
      '/api/reps/prospects/privacy-a',
    ]) {
      const res = await app.request(path, { headers: { Cookie: 'rep_session=forged-or-stale' } })
      expect(res.status, path).toBe(401)
      expect(slugsIn(await res.text())).toBe(0)
    }
  })

  it('answers one prospect by exact slug with the public fields only', async () => {
    const res = await app.request('/api/prospects/privacy-a')
    const body = await res.json()
    expect(body).toEqual({
      prospect: {
        slug: 'privacy-a',
        name: 'Name privacy-a',
        companyName: 'Co',
        firstMessage: 'Hi',
        system: 'S',
        // What the agent was made from: the two fields every page shows, no detail was given.
        variables: { name: 'Name privacy-a', company_name: 'Co' },
        assistantId: null,
      },
      fallback: false,
      // Which demos work for it: three flags, nothing of the server's configuration itself.
      features: {
        browserCall: expect.any(Boolean),
        phoneCall: expect.any(Boolean),
        videoCall: expect.any(Boolean),
      },
    })
  })
})
