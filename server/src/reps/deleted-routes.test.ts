import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  DeletedProspectListResponse,
  DeletedProspectResponse,
  RepProspectDetail,
} from '#core/rep-api.ts'
import { makeProspectRow } from '../testing/prospect-fixture.ts'
import { createRepTestApp, type RepTestApp, type TestSession } from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'

let backend: TestBackend
let reps: RepTestApp
let ann: TestSession // admin
let bo: TestSession
let cy: TestSession
beforeAll(async () => {
  backend = await createTestBackend()
  reps = createRepTestApp(backend)
  await reps.addRep('ann@example.com', 'admin')
  await reps.addRep('bo@example.com')
  await reps.addRep('cy@example.com')
  ann = await reps.signIn('ann@example.com')
  bo = await reps.signIn('bo@example.com')
  cy = await reps.signIn('cy@example.com')
})
afterAll(() => backend.db.close())

const json = { 'Content-Type': 'application/json' }
const FIELDS = makeProspectRow({
  slug: 'gone-dental',
  name: 'Dr. Gone',
  company_name: 'Gone Dental',
  template: 'dental',
  city: 'Austin',
})

async function listDeleted(session: TestSession, page = 1) {
  const res = await reps.request(`/deleted-prospects?page=${page}`, { session })
  expect(res.status).toBe(200)
  return (await res.json()) as DeletedProspectListResponse
}

describe('deleted prospects', () => {
  it('lists each deletion, the latest first, with who deleted it, when, and its owner then', async () => {
    expect((await listDeleted(cy)).total).toBe(0)
    const made = await reps.request('/prospects', {
      method: 'POST',
      session: bo,
      body: JSON.stringify(FIELDS),
      headers: json,
    })
    expect(made.status).toBe(201)
    await reps.request('/prospects/gone-dental', {
      method: 'PUT',
      session: bo,
      body: JSON.stringify({ ...FIELDS, city: 'Dallas' }),
      headers: json,
    })
    expect((await reps.request('/prospects/gone-dental', { method: 'DELETE', session: bo })).status).toBe(204)

    // A new prospect takes the slug; the deleted one is still found by its id.
    const again = await reps.request('/prospects', {
      method: 'POST',
      session: ann,
      body: JSON.stringify({ ...FIELDS, company_name: 'New Gone Dental' }),
      headers: json,
    })
    expect(again.status).toBe(201)
    expect((await reps.request('/prospects/gone-dental', { method: 'DELETE', session: ann })).status).toBe(
      204,
    )

    const list = await listDeleted(cy)
    expect(list).toMatchObject({ total: 2, page: 1, pageSize: 50 })
    expect(list.prospects).toEqual([
      {
        id: expect.any(String),
        slug: 'gone-dental',
        name: 'Dr. Gone',
        companyName: 'New Gone Dental',
        owner: ann.rep,
        deleted: { at: expect.stringMatching(/Z$/), rep: ann.rep },
        batchId: null,
      },
      {
        id: expect.any(String),
        slug: 'gone-dental',
        name: 'Dr. Gone',
        companyName: 'Gone Dental',
        owner: bo.rep,
        deleted: { at: expect.stringMatching(/Z$/), rep: bo.rep },
        batchId: null,
      },
    ])
    expect((await listDeleted(cy, 2)).prospects).toEqual([])
  })

  it('answers one deleted prospect to any rep: its last values, who deleted it and its whole history', async () => {
    const [, first] = (await listDeleted(cy)).prospects
    const res = await reps.request(`/deleted-prospects/${first?.id}`, { session: cy })
    expect(res.status).toBe(200)
    const deleted = (await res.json()) as DeletedProspectResponse
    expect(deleted).toEqual({
      id: first?.id,
      slug: 'gone-dental',
      fields: { ...FIELDS, city: 'Dallas' },
      owner: bo.rep,
      deleted: first?.deleted,
      history: [
        { action: 'delete', slug: 'gone-dental', stamp: first?.deleted, changed: [] },
        { action: 'update', slug: 'gone-dental', stamp: expect.any(Object), changed: ['city'] },
        { action: 'create', slug: 'gone-dental', stamp: expect.any(Object), changed: [] },
      ],
    })
    expect(deleted.history[2]?.stamp.rep).toEqual(bo.rep)
  })

  it('answers 404 for a prospect that was not deleted, an unknown id and one that is not an id', async () => {
    const made = await reps.request('/prospects', {
      method: 'POST',
      session: cy,
      body: JSON.stringify({ ...FIELDS, slug: 'still-here' }),
      headers: json,
    })
    expect(made.status).toBe(201)
    const { rows } = await backend.db.query<{ id: string }>(
      `select id from public.prospects where slug = 'still-here'`,
    )
    const detail = (await made.json()) as RepProspectDetail
    expect(detail.fields.slug).toBe('still-here')
    for (const id of [rows[0]?.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await reps.request(`/deleted-prospects/${id}`, { session: bo })
      expect(res.status).toBe(404)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('prospect_not_found')
    }
    expect((await reps.request('/deleted-prospects?page=0', { session: bo })).status).toBe(400)
  })
})
