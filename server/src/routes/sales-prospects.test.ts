import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import { SALES_PROSPECTS_PATH, type SalesProspectsResponse } from '#core/sales-prospects.ts'
import { createApp } from '../app.ts'
import { upsertProspects } from '../prospects/prospect-store.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'

const SECRET = 'sales-secret-for-tests-0123'

let backend: TestBackend
beforeAll(async () => {
  backend = await createTestBackend()
  // 60 companies that match "acme", named so that slug order and company order differ.
  const rows = Array.from({ length: 60 }, (_, i) => ({
    slug: `lead-${String(i).padStart(2, '0')}`,
    name: `Owner ${i}`,
    company_name: `Acme ${String(59 - i).padStart(2, '0')} Plumbing`,
    first_message: 'Hi',
    system: 'S',
    assistant_id: null,
  }))
  await upsertProspects(backend.deps.supabase, rows)
})
afterAll(() => backend.db.close())

const list = (query: string, init: { secret?: string | null; token?: string | null } = {}) => {
  const app = createApp({
    ...backend.deps,
    salesToolsSecret: init.secret === undefined ? SECRET : init.secret,
  })
  const token = init.token === undefined ? SECRET : init.token
  const headers: Record<string, string> = token === null ? {} : { Authorization: `Bearer ${token}` }
  return app.request(`${SALES_PROSPECTS_PATH}${query}`, { headers })
}

const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error

describe(`GET ${SALES_PROSPECTS_PATH}`, () => {
  it('is off without SALES_TOOLS_SECRET: 404 sales_tools_disabled, whatever the token', async () => {
    for (const token of [null, SECRET]) {
      const res = await list('?q=dental', { secret: null, token })
      expect(res.status).toBe(404)
      expect(await errorOf(res)).toEqual({
        code: 'sales_tools_disabled',
        message: 'The operator has not enabled the prospect list on this server.',
      })
    }
  })

  it.each([
    ['no Authorization header', null],
    ['an empty token', ''],
    ['a wrong token', 'sales-secret-for-tests-0124'],
    ['a prefix of the secret', SECRET.slice(0, -1)],
    ['the secret with more after it', `${SECRET}x`],
  ])('answers %s with 401 sales_tools_unauthorized and no prospects', async (_, token) => {
    const res = await list('?q=', { token })
    expect(res.status).toBe(401)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({
      error: {
        code: 'sales_tools_unauthorized',
        message: 'That sales key is not valid. Ask the operator for it.',
      },
    })
    expect(text).not.toMatch(/harbor-realty|lead-/)
  })

  it('refuses the secret sent other than as a bearer token', async () => {
    const app = createApp({ ...backend.deps, salesToolsSecret: SECRET })
    const basic = await app.request(`${SALES_PROSPECTS_PATH}?q=`, {
      headers: { Authorization: `Basic ${SECRET}` },
    })
    expect(basic.status).toBe(401)
    expect((await app.request(`${SALES_PROSPECTS_PATH}?q=&key=${SECRET}`)).status).toBe(401)
  })

  it('lists matches with the right token: slug, name and company only, never cached', async () => {
    const res = await list('?q=dental')
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    expect(await res.json()).toEqual({
      prospects: [
        { slug: 'bright-smile-dental', name: 'Dr. Maya Patel', companyName: 'Bright Smile Dental' },
      ],
    } satisfies SalesProspectsResponse)
  })

  it('matches case-insensitively in the slug, the name or the company, and skips the fallback', async () => {
    const slugsFor = async (q: string) =>
      ((await (await list(`?q=${encodeURIComponent(q)}`)).json()) as SalesProspectsResponse).prospects.map(
        (prospect) => prospect.slug,
      )
    expect(await slugsFor('HARBOR')).toEqual(['harbor-realty']) // slug and company
    expect(await slugsFor('james carter')).toEqual(['harbor-realty']) // name only
    expect(await slugsFor('realty group')).toEqual(['harbor-realty']) // company only
    expect(await slugsFor('  owner 7 ')).toEqual(['lead-07']) // trimmed
    expect(await slugsFor('nobody-like-this')).toEqual([])
    expect(await slugsFor('visitor')).toEqual([])
  })

  it('orders by company and gives at most 50', async () => {
    const body = (await (await list('?q=acme')).json()) as SalesProspectsResponse
    expect(body.prospects).toHaveLength(50)
    const companies = body.prospects.map((prospect) => prospect.companyName)
    expect(companies[0]).toBe('Acme 00 Plumbing')
    expect(companies[49]).toBe('Acme 49 Plumbing')
    expect(body.prospects[0]?.slug).toBe('lead-59')
    // Without a query: every prospect, by company (the Acmes come first), still capped.
    const all = (await (await list('')).json()) as SalesProspectsResponse
    expect(all.prospects).toHaveLength(50)
    expect(all.prospects.slice(0, 2).map((prospect) => prospect.companyName)).toEqual([
      'Acme 00 Plumbing',
      'Acme 01 Plumbing',
    ])
  })

  it('refuses an over-long query with 400', async () => {
    const res = await list(`?q=${'a'.repeat(101)}`)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toMatchObject({
      code: 'bad_request',
      message: 'Search for at most 100 characters.',
    })
  })

  it('lets no other origin send the Authorization header (CORS preflight allows Content-Type only)', async () => {
    const app = createApp({ ...backend.deps, salesToolsSecret: SECRET })
    const preflight = await app.request(SALES_PROSPECTS_PATH, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://partner.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    })
    const allowed = (preflight.headers.get('Access-Control-Allow-Headers') ?? '').toLowerCase()
    expect(allowed).toBe('content-type')
  })

  it('answers 503 and logs once when the database fails', async () => {
    const errors: unknown[][] = []
    const app = createApp({
      ...backend.deps,
      salesToolsSecret: SECRET,
      supabase: { rpc: () => Promise.resolve({ data: null, error: { message: 'down' } }) } as never,
      logger: { error: (...args) => void errors.push(args) },
    })
    const res = await app.request(SALES_PROSPECTS_PATH, { headers: { Authorization: `Bearer ${SECRET}` } })
    expect(res.status).toBe(503)
    expect(errors).toHaveLength(1)
  })
})
