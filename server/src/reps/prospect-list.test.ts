import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import { REP_PAGE_SIZE, type RepProspectListResponse } from '#core/rep-api.ts'
import { createRepTestApp, type RepTestApp, type TestSession } from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'

let backend: TestBackend
let reps: RepTestApp
let ann: TestSession
let bo: TestSession
beforeAll(async () => {
  backend = await createTestBackend()
  reps = createRepTestApp(backend)
  await reps.addRep('ann@example.com', 'admin')
  await reps.addRep('bo@example.com')
  ann = await reps.signIn('ann@example.com')
  bo = await reps.signIn('bo@example.com')
  // Made one after another, so "updated" order is creation order; Zed's is Ann's, the rest Bo's.
  for (const [slug, name, company, session] of [
    ['zed-plumbing', 'Zed Young', 'Acme Plumbing', ann],
    ['acme-roofing', 'Amy Stone', 'Zenith Roofing', bo],
    ['mid-dental', 'Max Dent', 'Midtown Dental', bo],
  ] as const) {
    const body = { slug, name, company_name: company, first_message: 'Hi', system: 'S', assistant_id: null }
    const res = await reps.request('/prospects', { method: 'POST', session, body: JSON.stringify(body) })
    expect(res.status).toBe(201)
  }
})
afterAll(() => backend.db.close())

const list = async (query: string, session = bo) => {
  const res = await reps.request(`/prospects${query}`, { session })
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as RepProspectListResponse
}
const slugs = (page: RepProspectListResponse) => page.prospects.map((row) => row.slug)
const SEEDED = ['bright-smile-dental', 'harbor-realty']

describe('GET prospects', () => {
  it('lists everyone’s but the fallback, by company, with owner and last change, paged', async () => {
    const page = await list('')
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: REP_PAGE_SIZE })
    expect(slugs(page)).toEqual([
      'zed-plumbing',
      'bright-smile-dental',
      'harbor-realty',
      'mid-dental',
      'acme-roofing',
    ])
    expect(page.prospects[0]).toEqual({
      slug: 'zed-plumbing',
      name: 'Zed Young',
      companyName: 'Acme Plumbing',
      logo: null,
      owner: ann.rep,
      updated: { at: expect.stringMatching(/^\d{4}-.*Z$/), rep: ann.rep },
      rights: {
        change: false,
        takeOver: false,
        reassign: false,
        refusal: { status: 'not_your_prospect', owner: ann.rep },
      },
    })
    expect(page.prospects.find((row) => row.slug === 'harbor-realty')).toMatchObject({
      owner: null,
      updated: { rep: null },
    })
  })

  it('says with each row what the signed-in rep may do, as a save would be answered', async () => {
    const rightsOf = (page: RepProspectListResponse) =>
      Object.fromEntries(page.prospects.map((row) => [row.slug, row.rights]))
    const own = { change: true, takeOver: false, reassign: false, refusal: null }
    const nobodys = { change: false, takeOver: true, reassign: false }
    const forBo = rightsOf(await list(''))
    expect(forBo['acme-roofing']).toEqual(own)
    expect(forBo['harbor-realty']).toMatchObject(nobodys)
    expect(forBo['zed-plumbing']?.change).toBe(false)
    // An admin changes and reassigns any of them.
    const forAnn = rightsOf(await list('', ann))
    for (const rights of Object.values(forAnn)) {
      expect(rights).toEqual({ change: true, takeOver: false, reassign: true, refusal: null })
    }
    // What the list said is what the database does: Bo's save of Ann's prospect is refused, his own is not.
    const save = (slug: string) =>
      reps.request(`/prospects/${slug}/owner`, {
        method: 'PUT',
        session: bo,
        body: JSON.stringify({ ownerId: bo.rep.id }),
      })
    expect((await save('zed-plumbing')).status).toBe(403)
    expect((await save('acme-roofing')).status).toBe(200)
  })

  it('sorts by each key, both ways', async () => {
    expect(slugs(await list('?sort=slug'))).toEqual(['acme-roofing', ...SEEDED, 'mid-dental', 'zed-plumbing'])
    expect(slugs(await list('?sort=slug&dir=desc'))).toEqual([
      'zed-plumbing',
      'mid-dental',
      ...SEEDED.toReversed(),
      'acme-roofing',
    ])
    // Amy, Dr. Maya, James, Max, Zed.
    expect(slugs(await list('?sort=name'))).toEqual([
      'acme-roofing',
      'bright-smile-dental',
      'harbor-realty',
      'mid-dental',
      'zed-plumbing',
    ])
    expect(slugs(await list('?sort=updated&dir=desc')).slice(0, 3)).toEqual([
      'mid-dental',
      'acme-roofing',
      'zed-plumbing',
    ])
    // By the owner's email, the unowned last.
    expect(slugs(await list('?sort=owner'))).toEqual([
      'zed-plumbing',
      'acme-roofing',
      'mid-dental',
      ...SEEDED,
    ])
  })

  it('searches slug, name and company, case-insensitively and literally', async () => {
    expect(slugs(await list('?q=DENTAL'))).toEqual(['bright-smile-dental', 'mid-dental'])
    expect(slugs(await list('?q=amy%20stone'))).toEqual(['acme-roofing'])
    expect(slugs(await list('?q=zenith'))).toEqual(['acme-roofing'])
    expect(await list('?q=%25')).toMatchObject({ total: 0, prospects: [] })
    expect((await list('?q=visitor')).total).toBe(0)
  })

  it('filters by owner: "me" or a rep’s id', async () => {
    expect(slugs(await list('?owner=me'))).toEqual(['mid-dental', 'acme-roofing'])
    expect(slugs(await list(`?owner=${ann.rep.id}`))).toEqual(['zed-plumbing'])
    expect(slugs(await list('?owner=me', ann))).toEqual(['zed-plumbing'])
  })

  it('answers a page past the end with no rows and the same total', async () => {
    expect(await list('?page=2')).toMatchObject({ total: 5, page: 2, prospects: [] })
  })

  it.each([
    ['?sort=price', 'sort must be one of company, name, slug, updated, owner.'],
    ['?dir=up', 'dir must be asc or desc.'],
    ['?owner=someone', 'owner must be "me" or a rep’s id.'],
    ['?page=0', 'page must be a whole number from 1 to 100000.'],
    ['?page=two', 'page must be a whole number from 1 to 100000.'],
    [`?q=${'x'.repeat(101)}`, 'Search for at most 100 characters.'],
  ])('refuses %s with 400', async (query, message) => {
    const res = await reps.request(`/prospects${query}`, { session: bo })
    expect(res.status).toBe(400)
    expect(((await res.json()) as ErrorBody).error).toEqual({ code: 'bad_request', message })
  })
})
