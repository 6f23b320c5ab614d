import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import type { ProspectHistoryResponse, RepProspectDetail, RepProspectListResponse } from '#core/rep-api.ts'
import { makeProspectRow } from '../testing/prospect-fixture.ts'
import {
  createRepTestApp,
  importAsCommandLine,
  type RepTestApp,
  type TestSession,
} from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { setRepDisabled } from './rep-accounts.ts'

// Who may do what to a prospect, through the API, on both engines: every actor (the rep who owns
// it, another rep, an admin) against every action (read, edit, delete, reassign), for an owned
// prospect and for one nobody owns. The rule is the database's; these are its answers as a rep's
// browser gets them.

let backend: TestBackend
let reps: RepTestApp
let ann: TestSession // admin
let bo: TestSession // a rep: the owner
let cy: TestSession // another rep
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
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error
const sessions = () => ({ owner: bo, other: cy, admin: ann })
type Actor = keyof ReturnType<typeof sessions>
type Action = 'read' | 'edit' | 'delete' | 'reassign'

let made = 0
/** A new prospect of bo's (made by bo), or nobody's (made by the command line). */
async function newProspect(owned: boolean): Promise<string> {
  made += 1
  const slug = `owned-${made}`
  const row = makeProspectRow({ slug, name: `N ${made}`, company_name: `C ${made}` })
  if (owned) {
    const res = await reps.request('/prospects', {
      method: 'POST',
      session: bo,
      body: JSON.stringify(row),
      headers: json,
    })
    expect(res.status).toBe(201)
  } else {
    await importAsCommandLine(backend.deps.db, [row])
  }
  return slug
}

const detailOf = async (slug: string) =>
  (await (await reps.request(`/prospects/${slug}`, { session: ann })).json()) as RepProspectDetail

/** Does `action` to `slug` as `session`: reassigning gives it to `ownerId` (cy by default). */
async function act(action: Action, slug: string, session: TestSession, ownerId?: string): Promise<Response> {
  switch (action) {
    case 'read':
      return reps.request(`/prospects/${slug}`, { session })
    case 'edit': {
      const { fields } = await detailOf(slug)
      const body = JSON.stringify({ ...fields, company_name: `${fields.company_name} (edited)` })
      return reps.request(`/prospects/${slug}`, { method: 'PUT', session, body, headers: json })
    }
    case 'delete':
      return reps.request(`/prospects/${slug}`, { method: 'DELETE', session })
    case 'reassign': {
      const body = JSON.stringify({ ownerId: ownerId ?? cy.rep.id })
      return reps.request(`/prospects/${slug}/owner`, { method: 'PUT', session, body, headers: json })
    }
  }
}

const BO_OWNS = 'This prospect belongs to bo@example.com: only they or an admin can change it.'
const NOBODY_OWNS = 'Nobody owns this prospect yet: take it over on its page to change it, or ask an admin.'

describe('a prospect a rep owns', () => {
  // [actor, action, status, error code, message]
  const MATRIX: [Actor, Action, number, string | null, string | null][] = [
    ['owner', 'read', 200, null, null],
    ['owner', 'edit', 200, null, null],
    ['owner', 'delete', 204, null, null],
    ['owner', 'reassign', 403, 'owner_not_allowed', 'Only an admin can choose another owner.'],
    ['other', 'read', 200, null, null],
    ['other', 'edit', 403, 'not_your_prospect', BO_OWNS],
    ['other', 'delete', 403, 'not_your_prospect', BO_OWNS],
    ['other', 'reassign', 403, 'not_your_prospect', BO_OWNS],
    ['admin', 'read', 200, null, null],
    ['admin', 'edit', 200, null, null],
    ['admin', 'delete', 204, null, null],
    ['admin', 'reassign', 200, null, null],
  ]

  it.each(MATRIX)('%s: %s → %i %s', async (actor, action, status, code, message) => {
    const slug = await newProspect(true)
    const before = await detailOf(slug)
    const res = await act(action, slug, sessions()[actor])
    expect(res.status).toBe(status)
    if (code !== null) {
      expect(await errorOf(res)).toEqual({ code, message })
      // Refused: nothing changed, and nothing was written to its history.
      expect(await detailOf(slug)).toEqual(before)
    }
  })

  it('lets everyone read its history, its timeline and find it in the lists', async () => {
    const slug = await newProspect(true)
    for (const session of [bo, cy, ann]) {
      expect((await reps.request(`/prospects/${slug}/history`, { session })).status).toBe(200)
      expect((await reps.request(`/prospects/${slug}/timeline`, { session })).status).toBe(200)
      const list = await reps.request(`/prospects?q=${slug}`, { session })
      expect(((await list.json()) as RepProspectListResponse).prospects.map((p) => p.slug)).toEqual([slug])
      const activity = await reps.request(`/activity?q=${slug}`, { session })
      expect(activity.status).toBe(200)
    }
  })

  it('refuses a rep giving it away through the form too, and keeps it theirs when they name themselves', async () => {
    const slug = await newProspect(true)
    const { fields } = await detailOf(slug)
    const send = (ownerId: string | null) =>
      reps.request(`/prospects/${slug}`, {
        method: 'PUT',
        session: bo,
        body: JSON.stringify({ fields, ownerId }),
        headers: json,
      })
    for (const ownerId of [cy.rep.id, null]) {
      const res = await send(ownerId)
      expect(res.status).toBe(403)
      expect((await errorOf(res)).code).toBe('owner_not_allowed')
    }
    expect((await send(bo.rep.id)).status).toBe(200)
    expect((await detailOf(slug)).owner).toEqual(bo.rep)
  })

  it('is reassigned by an admin, and the new owner alone (with admins) changes it from then on', async () => {
    const slug = await newProspect(true)
    const res = await act('reassign', slug, ann)
    const detail = (await res.json()) as RepProspectDetail
    expect(detail.owner).toEqual(cy.rep)
    expect(detail.history[0]).toMatchObject({ action: 'update', changed: ['owner'], stamp: { rep: ann.rep } })
    expect((await act('edit', slug, bo)).status).toBe(403)
    expect((await act('edit', slug, cy)).status).toBe(200)
    const none = await reps.request(`/prospects/${slug}/owner`, {
      method: 'PUT',
      session: ann,
      body: JSON.stringify({ ownerId: null }),
      headers: json,
    })
    expect(((await none.json()) as RepProspectDetail).owner).toBeNull()
  })

  it('stays its owner’s while they are disabled, until an admin gives it to someone else', async () => {
    await reps.addRep('dee@example.com')
    const dee = await reps.signIn('dee@example.com')
    const row = makeProspectRow({ slug: 'dee-made', name: 'N', company_name: 'C' })
    const made = await reps.request('/prospects', {
      method: 'POST',
      session: dee,
      body: JSON.stringify(row),
      headers: json,
    })
    expect(made.status).toBe(201)
    await setRepDisabled(backend.deps.db, 'dee@example.com', true, reps.clock.now())
    const refused = await act('edit', 'dee-made', bo)
    expect(await errorOf(refused)).toMatchObject({
      code: 'not_your_prospect',
      message: 'This prospect belongs to dee@example.com: only they or an admin can change it.',
    })
    const res = await act('reassign', 'dee-made', ann, bo.rep.id)
    expect(((await res.json()) as RepProspectDetail).owner).toEqual(bo.rep)
  })
})

describe('a prospect nobody owns', () => {
  const MATRIX: [Actor, Action, number, string | null][] = [
    ['other', 'read', 200, null],
    ['other', 'edit', 403, 'not_your_prospect'],
    ['other', 'delete', 403, 'not_your_prospect'],
    // A rep naming themselves takes it over (the test below has the rest of it).
    ['other', 'reassign', 200, null],
    ['admin', 'read', 200, null],
    ['admin', 'edit', 200, null],
    ['admin', 'delete', 204, null],
    ['admin', 'reassign', 200, null],
  ]

  it.each(MATRIX)('%s: %s → %i %s', async (actor, action, status, code) => {
    const slug = await newProspect(false)
    // Reassigning: to cy, who is the "other" rep here.
    const res = await act(action, slug, sessions()[actor])
    expect(res.status).toBe(status)
    if (code !== null) expect(await errorOf(res)).toEqual({ code, message: NOBODY_OWNS })
  })

  it('is taken over by a rep who names themselves; then it is theirs to change and delete', async () => {
    const slug = await newProspect(false)
    const toOther = await act('reassign', slug, cy, bo.rep.id)
    expect(await errorOf(toOther)).toEqual({ code: 'not_your_prospect', message: NOBODY_OWNS })
    const res = await act('reassign', slug, cy, cy.rep.id)
    expect(res.status).toBe(200)
    const detail = (await res.json()) as RepProspectDetail
    expect(detail.owner).toEqual(cy.rep)
    expect(detail.history[0]).toMatchObject({ action: 'update', changed: ['owner'], stamp: { rep: cy.rep } })
    // Taken: no one else takes it now.
    expect(await errorOf(await act('reassign', slug, bo, bo.rep.id))).toMatchObject({
      code: 'not_your_prospect',
      message: 'This prospect belongs to cy@example.com: only they or an admin can change it.',
    })
    expect((await act('edit', slug, cy)).status).toBe(200)
    expect((await act('delete', slug, cy)).status).toBe(204)
  })
})

describe('creating', () => {
  const create = (session: TestSession, slug: string, ownerId?: string | null) =>
    reps.request('/prospects', {
      method: 'POST',
      session,
      body: JSON.stringify({
        fields: makeProspectRow({ slug, name: 'N', company_name: 'C' }),
        ...(ownerId === undefined ? {} : { ownerId }),
      }),
      headers: json,
    })

  it('makes a rep’s new prospect theirs, and refuses them another owner or none', async () => {
    expect(((await (await create(bo, 'new-by-bo')).json()) as RepProspectDetail).owner).toEqual(bo.rep)
    expect((await create(bo, 'new-by-bo-2', bo.rep.id)).status).toBe(201)
    for (const ownerId of [cy.rep.id, null]) {
      const res = await create(bo, 'given-away', ownerId)
      expect(res.status).toBe(403)
      expect((await errorOf(res)).code).toBe('owner_not_allowed')
    }
    expect((await reps.request('/prospects/given-away', { session: bo })).status).toBe(404)
  })

  it('lets an admin make one for any enabled rep, or for nobody', async () => {
    expect(((await (await create(ann, 'for-cy', cy.rep.id)).json()) as RepProspectDetail).owner).toEqual(
      cy.rep,
    )
    expect(((await (await create(ann, 'for-nobody', null)).json()) as RepProspectDetail).owner).toBeNull()
  })
})

describe('the fallback prospect', () => {
  it('is changed by admins only: a rep can neither edit nor take it over', async () => {
    const forbidden = {
      code: 'forbidden',
      message: 'Only an admin can change the fallback prospect "visitor".',
    }
    expect(await errorOf(await act('edit', 'visitor', bo))).toEqual(forbidden)
    expect(await errorOf(await act('reassign', 'visitor', bo, bo.rep.id))).toEqual(forbidden)
    expect((await act('edit', 'visitor', ann)).status).toBe(200)
    const history = (await (
      await reps.request('/prospects/visitor/history', { session: bo })
    ).json()) as ProspectHistoryResponse
    expect(history.history[0]?.stamp.rep).toEqual(ann.rep)
  })
})
