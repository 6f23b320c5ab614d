import type { PGlite } from '@electric-sql/pglite'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestBackend } from '../testing/test-backend.ts'
import { type ApiRole, signLocalKey } from './local-jwt.ts'
import { createRestApp } from './rest-app.ts'

// Conformance of the local layer with PostgREST v12's documented answers (docs/references/errors.rst,
// the singular/plural media types, Content-Range), for the requests supabase-js sends.

const OBJECT = 'application/vnd.pgrst.object+json'
let db: PGlite
let rest: Hono
let secret: string
const keys = {} as Record<ApiRole, string>

beforeAll(async () => {
  const backend = await createTestBackend()
  db = backend.db
  secret = backend.secret
  rest = createRestApp({ db, secret })
  for (const role of ['anon', 'authenticated', 'service_role'] as const)
    keys[role] = await signLocalKey(secret, role)
})
afterAll(() => db.close())

function get(path: string, role: ApiRole | null = 'service_role', headers: Record<string, string> = {}) {
  const auth: Record<string, string> = role
    ? { apikey: keys[role], Authorization: `Bearer ${keys[role]}` }
    : {}
  return rest.request(`/rest/v1/${path}`, { headers: { ...auth, ...headers } })
}

describe('reading rows', () => {
  it('answers an array request with a JSON array and Content-Range 0-{n-1}/*', async () => {
    const res = await get('prospects?select=slug,name')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    expect(res.headers.get('Content-Range')).toBe('0-2/*')
    const rows = await res.json()
    expect(rows).toHaveLength(3)
    expect(rows).toContainEqual({ slug: 'harbor-realty', name: 'James Carter' })
  })

  it('answers an empty array with Content-Range */*', async () => {
    const res = await get('prospects?select=slug&slug=eq.nobody')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Range')).toBe('*/*')
    expect(await res.json()).toEqual([])
  })

  it('returns every column for select=* and the matching row only for eq', async () => {
    const res = await get('prospects?select=*&slug=eq.bright-smile-dental')
    const [row] = await res.json()
    expect(Object.keys(row).sort()).toEqual(
      [
        'assistant_id',
        'booking_link',
        'city',
        'company_name',
        'created_at',
        'created_by',
        'first_message',
        'id',
        'name',
        'opening_hours',
        'owner_id',
        'services',
        'slug',
        'system',
        'template',
        'updated_at',
        'updated_by',
        'website',
      ].sort(),
    )
    expect(row).toMatchObject({ slug: 'bright-smile-dental', name: 'Dr. Maya Patel', assistant_id: null })
  })

  it('treats a filter value as data, never as SQL', async () => {
    const res = await get(`prospects?select=slug&slug=eq.${encodeURIComponent("visitor' or '1'='1")}`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([])
  })
})

describe('singular requests (.single())', () => {
  it('answers exactly one row as a JSON object with the object media type', async () => {
    const res = await get('prospects?select=slug,company_name&slug=eq.visitor', 'service_role', {
      Accept: OBJECT,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe(`${OBJECT}; charset=utf-8`)
    expect(await res.json()).toEqual({ slug: 'visitor', company_name: 'your business' })
  })

  it.each([
    ['no row', 'prospects?select=slug&slug=eq.nobody', 0],
    ['several rows', 'prospects?select=slug', 3],
  ])('answers %s with 406 PGRST116', async (_, path, count) => {
    const res = await get(path, 'service_role', { Accept: OBJECT })
    expect(res.status).toBe(406)
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    expect(await res.json()).toEqual({
      code: 'PGRST116',
      details: `The result contains ${count} rows`,
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    })
  })

  it('refuses a media type it cannot produce with 406 PGRST107', async () => {
    const res = await get('prospects?select=slug', 'service_role', { Accept: 'text/csv' })
    expect(res.status).toBe(406)
    expect((await res.json()).code).toBe('PGRST107')
  })
})

describe('request errors', () => {
  it.each([
    ['select', 'prospects?select=slug,foo'],
    ['filter', 'prospects?select=slug&foo=eq.1'],
  ])('answers an unknown column in the %s with 400 42703', async (_, path) => {
    const res = await get(path)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      code: '42703',
      details: null,
      hint: null,
      message: 'column prospects.foo does not exist',
    })
  })

  it('answers an unknown table with 404 PGRST205', async () => {
    const res = await get('leads?select=*')
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.leads' in the schema cache",
    })
  })

  it.each(['slug=gt.a', 'slug=like.v*', 'slug=foo.bar', 'slug=visitor'])(
    'answers an unsupported filter (%s) with 400 PGRST100',
    async (filter) => {
      const res = await get(`prospects?select=slug&${filter}`)
      expect(res.status).toBe(400)
      expect((await res.json()).code).toBe('PGRST100')
    },
  )

  it('answers another schema in Accept-Profile with 406 PGRST106', async () => {
    const res = await get('prospects?select=slug', 'service_role', { 'Accept-Profile': 'auth' })
    expect(res.status).toBe(406)
    expect((await res.json()).code).toBe('PGRST106')
  })
})

describe('roles', () => {
  it('answers anon on prospects with 401 and 42501, as PostgREST does for the anonymous role', async () => {
    const res = await get('prospects?select=slug')
    const anon = await get('prospects?select=slug&slug=eq.visitor', 'anon')
    expect(res.status).toBe(200)
    expect(anon.status).toBe(401)
    expect(await anon.json()).toMatchObject({
      code: '42501',
      message: 'permission denied for table prospects',
    })
  })

  it('answers authenticated on prospects with 403 and 42501', async () => {
    const res = await get('prospects?select=slug', 'authenticated')
    expect(res.status).toBe(403)
    expect((await res.json()).code).toBe('42501')
  })

  it('refuses a request without a key with 401', async () => {
    const res = await get('prospects?select=slug', null)
    expect(res.status).toBe(401)
    expect(res.headers.get('WWW-Authenticate')).toBe('Bearer')
    expect((await res.json()).code).toMatch(/^PGRST30/)
  })

  it('refuses a token signed with another secret, an expired one, and a superuser role', async () => {
    const { sign } = await import('hono/jwt')
    const now = Math.floor(Date.now() / 1000)
    const forged = await sign({ role: 'service_role' }, 'another-secret-of-at-least-32-chars!!', 'HS256')
    const expired = await sign({ role: 'service_role', exp: now - 10 }, secret, 'HS256')
    const superuser = await sign({ role: 'postgres' }, secret, 'HS256')
    for (const token of [forged, expired, superuser, 'not-a-jwt']) {
      const res = await rest.request('/rest/v1/prospects?select=slug', {
        headers: { apikey: token, Authorization: `Bearer ${token}` },
      })
      expect(res.status, token).toBe(401)
      expect((await res.json()).code).toBe('PGRST301')
    }
  })

  it('runs the query as the role from the JWT, with its claims visible to SQL', async () => {
    await db.exec(`create function public.whoami() returns json language sql stable as
      $$ select json_build_object('role', current_user, 'claims', current_setting('request.jwt.claims', true)::json) $$;
      create view public.whoami_view with (security_invoker = true) as select public.whoami() as me;`)
    // A new app: the schema cache, like PostgREST's, is read once and would not know the view.
    const res = await createRestApp({ db, secret }).request('/rest/v1/whoami_view?select=me', {
      headers: { apikey: keys.authenticated, Authorization: `Bearer ${keys.authenticated}` },
    })
    const [{ me }] = await res.json()
    expect(me.role).toBe('authenticated')
    expect(me.claims.role).toBe('authenticated')
  })
})

it('answers 503 PGRST000 when the database is gone', async () => {
  // What a closed PGlite throws (the prospects tests close a real one).
  const closed = () => Promise.reject(new Error('PGlite is closed'))
  const gone = { query: closed, exec: closed, transaction: closed } as unknown as PGlite
  const res = await createRestApp({ db: gone, secret }).request('/rest/v1/prospects?select=slug', {
    headers: { apikey: keys.service_role, Authorization: `Bearer ${keys.service_role}` },
  })
  expect(res.status).toBe(503)
  expect((await res.json()).code).toBe('PGRST000')
})
