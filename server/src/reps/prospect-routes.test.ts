import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import type { ProspectResponse } from '#core/prospect.ts'
import type {
  AgentTemplateListResponse,
  ProspectFields,
  ProspectHistoryResponse,
  RepListResponse,
  RepProspectDetail,
  SlugCheckResponse,
} from '#core/rep-api.ts'
import { makeProspectRow } from '../testing/prospect-fixture.ts'
import {
  createRepTestApp,
  importAsCommandLine,
  type RepTestApp,
  type TestSession,
} from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { setRepDisabled } from './rep-accounts.ts'

let backend: TestBackend
let reps: RepTestApp
let ann: TestSession
let bo: TestSession
beforeAll(async () => {
  backend = await createTestBackend()
  reps = createRepTestApp(backend)
  await reps.addRep('ann@example.com', 'admin')
  await reps.addRep('bo@example.com')
  await reps.addRep('gone@example.com')
  await setRepDisabled(backend.deps.db, 'gone@example.com', true, reps.clock.now())
  ann = await reps.signIn('ann@example.com')
  bo = await reps.signIn('bo@example.com')
})
afterAll(() => backend.db.close())

const FIELDS: ProspectFields = makeProspectRow({
  slug: 'acme-dental',
  name: 'Dr. Ann Lee',
  company_name: 'Acme Dental',
  first_message: 'Hi!',
  system: 'You are Ava.\nBe brief.',
})
const send = (method: string, path: string, session: TestSession, body: unknown) =>
  reps.request(path, {
    method,
    session,
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  })
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error
const REP = (session: TestSession) => session.rep

describe('creating, changing and deleting a prospect', () => {
  it('creates one (201), owned and stamped by the rep, with its first history line', async () => {
    const res = await send('POST', '/prospects', bo, { ...FIELDS, name: '  Dr. Ann Lee ', assistant_id: '' })
    expect(res.status).toBe(201)
    const detail = (await res.json()) as RepProspectDetail
    expect(detail.fields).toEqual(FIELDS)
    expect(detail.owner).toEqual(REP(bo))
    expect(detail.created).toEqual({ at: expect.stringMatching(/Z$/), rep: REP(bo) })
    expect(detail.updated.rep).toEqual(REP(bo))
    expect(detail.history).toEqual([
      { action: 'create', slug: 'acme-dental', stamp: { at: detail.created.at, rep: REP(bo) }, changed: [] },
    ])
  })

  it('refuses bad fields with 422 and one message per field, in the import’s words', async () => {
    const res = await send('POST', '/prospects', bo, { ...FIELDS, slug: 'Acme Inc', name: '' })
    expect(res.status).toBe(422)
    expect(await errorOf(res)).toEqual({
      code: 'prospect_invalid',
      message: 'Please correct the marked fields.',
      fields: {
        slug: 'Slug must be lowercase letters, digits or dashes, not "Acme Inc" (for example "acme-inc")',
        name: 'Contact name is required',
      },
    })
    expect((await send('POST', '/prospects', bo, { slug: 'x' })).status).toBe(400)
  })

  it('refuses a slug another prospect has with 409, on create and on rename', async () => {
    const taken = await send('POST', '/prospects', bo, { ...FIELDS, slug: 'harbor-realty' })
    expect(taken.status).toBe(409)
    expect((await errorOf(taken)).code).toBe('slug_taken')
    const rename = await send('PUT', '/prospects/acme-dental', bo, { ...FIELDS, slug: 'harbor-realty' })
    expect(rename.status).toBe(409)
  })

  it('updates the fields and owner, naming what changed, stamped by the admin who did it', async () => {
    const res = await send('PUT', '/prospects/acme-dental', ann, {
      ...FIELDS,
      company_name: 'Acme Dental Group',
      ownerId: REP(ann).id,
    })
    expect(res.status).toBe(200)
    const detail = (await res.json()) as RepProspectDetail
    expect(detail.fields.company_name).toBe('Acme Dental Group')
    expect(detail.owner).toEqual(REP(ann))
    expect(detail.created.rep).toEqual(REP(bo))
    expect(detail.updated.rep).toEqual(REP(ann))
    expect(detail.history.map((entry) => [entry.action, entry.changed, entry.stamp.rep?.email])).toEqual([
      ['update', ['company_name', 'owner'], 'ann@example.com'],
      ['create', [], 'bo@example.com'],
    ])
    // The same fields again change nothing and add no line.
    const same = await send('PUT', '/prospects/acme-dental', ann, {
      ...FIELDS,
      company_name: 'Acme Dental Group',
    })
    expect(((await same.json()) as RepProspectDetail).history).toHaveLength(2)
  })

  it('renames a prospect, keeping its history, and refuses an owner who is not an enabled rep', async () => {
    const res = await send('PUT', '/prospects/acme-dental', ann, { ...FIELDS, slug: 'acme-dental-group' })
    expect(res.status).toBe(200)
    const detail = (await res.json()) as RepProspectDetail
    expect(detail.history.map((entry) => [entry.action, entry.slug])).toEqual([
      ['update', 'acme-dental-group'],
      ['update', 'acme-dental'],
      ['create', 'acme-dental'],
    ])
    expect((await reps.request('/prospects/acme-dental', { session: bo })).status).toBe(404)
    const gone = (await (await reps.request('/reps', { session: ann })).json()) as RepListResponse
    const disabledId = gone.reps.find((rep) => rep.disabled)?.id
    const owner = await send('PUT', '/prospects/acme-dental-group', ann, { ...FIELDS, ownerId: disabledId })
    expect(owner.status).toBe(422)
    expect(await errorOf(owner)).toMatchObject({ message: 'The owner must be an enabled rep.' })
  })

  it('deletes one (204); its history stays and says who deleted it', async () => {
    expect(
      (await reps.request('/prospects/acme-dental-group', { method: 'DELETE', session: ann })).status,
    ).toBe(204)
    expect((await reps.request('/prospects/acme-dental-group', { session: bo })).status).toBe(404)
    const res = await reps.request('/prospects/acme-dental-group/history', { session: bo })
    expect(res.status).toBe(200)
    const { history } = (await res.json()) as ProspectHistoryResponse
    expect(history.map((entry) => `${entry.action} by ${entry.stamp.rep?.email}`)).toEqual([
      'delete by ann@example.com',
      'update by ann@example.com',
      'update by ann@example.com',
      'create by bo@example.com',
    ])
    expect(
      (await reps.request('/prospects/acme-dental-group', { method: 'DELETE', session: ann })).status,
    ).toBe(404)
    expect((await reps.request('/prospects/never-was/history', { session: bo })).status).toBe(404)
  })

  it('keeps the fallback prospect: it cannot be deleted or take another slug', async () => {
    const del = await reps.request('/prospects/visitor', { method: 'DELETE', session: ann })
    expect(del.status).toBe(403)
    expect(await errorOf(del)).toEqual({
      code: 'forbidden',
      message: 'The fallback prospect "visitor" cannot be deleted.',
    })
    const current = (
      (await (await reps.request('/prospects/visitor', { session: ann })).json()) as RepProspectDetail
    ).fields
    const rename = await send('PUT', '/prospects/visitor', ann, { ...current, slug: 'someone' })
    expect(rename.status).toBe(422)
    expect(Object.keys((await errorOf(rename)).fields ?? {})).toEqual(['slug'])
  })

  it('records an import from the command line with no rep, and one from a rep with theirs', async () => {
    await importAsCommandLine(backend.deps.db, [{ ...FIELDS, slug: 'cli-made' }])
    const { history } = (await (
      await reps.request('/prospects/cli-made/history', { session: bo })
    ).json()) as ProspectHistoryResponse
    expect(history).toEqual([
      { action: 'import', slug: 'cli-made', stamp: { at: expect.any(String), rep: null }, changed: [] },
    ])
    const detail = (await (
      await reps.request('/prospects/cli-made', { session: bo })
    ).json()) as RepProspectDetail
    expect([detail.owner, detail.created.rep, detail.updated.rep]).toEqual([null, null, null])
  })
})

describe('the agent: templates and details', () => {
  it('lists the agent templates as written, the general one first', async () => {
    const res = await reps.request('/templates', { session: bo })
    expect(res.status).toBe(200)
    const { templates } = (await res.json()) as AgentTemplateListResponse
    expect(templates[0]).toMatchObject({ id: 'general', label: expect.any(String) })
    expect(templates.find((template) => template.id === 'dental')?.system).toMatch(
      /\{% facts %\}[\s\S]*\{% if phone %\}/,
    )
  })

  it('creates a prospect from a template and details alone, answering its agent as it is served', async () => {
    const res = await send('POST', '/prospects', bo, {
      slug: 'oak-dental',
      name: 'Dr. Sam Oak',
      company_name: 'Oak Dental',
      template: 'dental',
      opening_hours: 'Monday to Thursday 9 am to 5 pm',
    })
    expect(res.status).toBe(201)
    const detail = (await res.json()) as RepProspectDetail
    expect(detail.fields).toEqual(
      makeProspectRow({
        slug: 'oak-dental',
        name: 'Dr. Sam Oak',
        company_name: 'Oak Dental',
        template: 'dental',
        opening_hours: 'Monday to Thursday 9 am to 5 pm',
      }),
    )
    // The rep sees what the prospect's page serves: the same words, to the letter.
    const served = (await (await reps.app.request('/api/prospects/oak-dental')).json()) as ProspectResponse
    expect(detail.agent).toEqual({
      firstMessage: served.prospect.firstMessage,
      system: served.prospect.system,
    })
    expect(detail.agent.system).toContain('Monday to Thursday 9 am to 5 pm')
  })

  it('refuses a template that does not exist and a placeholder the agent does not have, per field', async () => {
    const res = await send('POST', '/prospects', bo, {
      ...FIELDS,
      slug: 'elm-dental',
      template: 'dentist',
      system: 'You answer for {{ clinic }}.',
    })
    expect(res.status).toBe(422)
    const { fields } = await errorOf(res)
    expect(fields?.template).toMatch(
      /^Kind of business must be one of the agent templates \(general, .*\), not "dentist"$/,
    )
    expect(fields?.system).toMatch(
      /^Own system prompt has a placeholder problem: \{\{ clinic \}\}: "clinic" is not a placeholder/,
    )
  })
})

describe('GET slugs/:slug', () => {
  it.each([
    ['brand-new', true, null],
    ['harbor-realty', false, 'Another prospect already has this link.'],
    [
      'Bad Slug',
      false,
      'Slug must be lowercase letters, digits or dashes, not "Bad Slug" (for example "bad-slug")',
    ],
    ['terms', false, 'Slug cannot be "terms": that is the address of one of the site\'s own pages'],
  ])('%s: available %s', async (slug, available, reason) => {
    const res = await reps.request(`/slugs/${encodeURIComponent(slug)}`, { session: bo })
    expect(await res.json()).toEqual({ available, reason } satisfies SlugCheckResponse)
  })
})

describe('GET reps', () => {
  it('lists enabled reps to a rep, and every rep, disabled ones marked, to an admin', async () => {
    const asRep = (await (await reps.request('/reps', { session: bo })).json()) as RepListResponse
    expect(asRep.reps.map((rep) => rep.email)).toEqual(['ann@example.com', 'bo@example.com'])
    const asAdmin = (await (await reps.request('/reps', { session: ann })).json()) as RepListResponse
    expect(asAdmin.reps.map((rep) => [rep.email, rep.role, rep.disabled])).toEqual([
      ['ann@example.com', 'admin', false],
      ['bo@example.com', 'rep', false],
      ['gone@example.com', 'rep', true],
    ])
  })
})
