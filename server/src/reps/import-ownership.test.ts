import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import type { RepProspectDetail } from '#core/rep-api.ts'
import { callFunction, DatabaseError } from '../data/database.ts'
import { beginImportJob, IMPORT_REFUSED_MESSAGE, writeImportJob } from '../data/import-jobs.ts'
import { createImportKey, postImport, readJob, waitForJob } from '../testing/import-jobs.ts'
import { makeProspectRow } from '../testing/prospect-fixture.ts'
import {
  createRepTestApp,
  importAsCommandLine,
  importAsRep,
  type RepTestApp,
  type TestSession,
} from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { listRefusedSlugs } from './rep-prospects.ts'

// A rep's CSV import follows the form's ownership rule: a row whose slug is a prospect the rep may
// not change (another rep's, nobody's, the fallback) is refused like any bad row, by its line, and
// nothing of the file is imported. An admin's file and the command line's change any prospect.

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
  await importAsRep(backend.deps.db, [row('bo-own', 'Bo Co')], bo.rep.id)
  await importAsRep(backend.deps.db, [row('cy-own', 'Cy Co')], cy.rep.id)
})
afterAll(() => backend.db.close())

const row = (slug: string, company: string) => makeProspectRow({ slug, name: 'N', company_name: company })
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error
const detailOf = async (slug: string) =>
  (await (await reps.request(`/prospects/${slug}`, { session: ann })).json()) as RepProspectDetail
const countJobs = async () =>
  (await backend.db.query<{ n: number }>('select count(*)::int as n from public.import_jobs')).rows[0]?.n

// A quoted field over two lines, so the lines are the file's, not the rows' numbers.
const CSV = [
  'slug,name,company_name,first_message',
  'bo-new,N,New Co,"Hello,',
  'on two lines"',
  'cy-own,N,Cy Co changed,',
  'bo-own,N,Bo Co changed,',
  'harbor-realty,N,Harbor changed,',
  'visitor,N,Fallback changed,',
].join('\r\n')

describe('a rep importing rows of prospects that are not theirs', () => {
  it('is refused with each such row by its line, and nothing is imported', async () => {
    const jobs = await countJobs()
    const res = await postImport(reps, bo, CSV)
    expect(res.status).toBe(422)
    expect(await errorOf(res)).toEqual({
      code: 'import_invalid',
      message: 'Nothing was imported: 3 of 5 rows are prospects you cannot change.',
      problems: [
        {
          line: 4,
          message:
            'slug "cy-own": This prospect belongs to cy@example.com: only they or an admin can change it.',
        },
        {
          line: 6,
          message:
            'slug "harbor-realty": Nobody owns this prospect yet: take it over on its page to change it, or ask an admin.',
        },
        { line: 7, message: 'slug "visitor": Only an admin can change the fallback prospect "visitor".' },
      ],
    })
    expect(await countJobs()).toBe(jobs)
    expect((await reps.request('/prospects/bo-new', { session: bo })).status).toBe(404)
    expect((await detailOf('bo-own')).fields.company_name).toBe('Bo Co')
  })

  it('imports the file once those rows are left out: new rows are theirs, their own are updated', async () => {
    const own = CSV.split('\r\n').filter((line) => !/^(cy-own|harbor-realty|visitor),/.test(line))
    const res = await postImport(reps, bo, own.join('\r\n'))
    expect(res.status).toBe(202)
    const job = await waitForJob(reps, bo, (await readJob(res)).id)
    expect(job.result).toMatchObject({ inserted: 1, updated: 1, unchanged: 0 })
    expect((await detailOf('bo-new')).owner).toEqual(bo.rep)
  })

  it('lets an admin import the same file: others’ prospects change and keep their owners', async () => {
    const res = await postImport(reps, ann, CSV)
    expect(res.status).toBe(202)
    const job = await waitForJob(reps, ann, (await readJob(res)).id)
    expect(job.status).toBe('done')
    const cyOwn = await detailOf('cy-own')
    expect([cyOwn.fields.company_name, cyOwn.owner]).toEqual(['Cy Co changed', cy.rep])
    expect((await detailOf('harbor-realty')).owner).toBeNull()
  })

  it('is refused by the database too, so a prospect that changed hands since the check cannot slip through', async () => {
    const error = await importAsRep(backend.deps.db, [row('cy-own', 'Taken by bo')], bo.rep.id).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(DatabaseError)
    expect((error as DatabaseError).code).toBe('RP403')
    expect((await detailOf('cy-own')).fields.company_name).toBe('Cy Co changed')

    // A job whose rows were checked before cy-own became someone else's: it fails, saying why.
    const start = await beginImportJob(
      backend.deps.db,
      { repId: bo.rep.id, key: createImportKey(), fileHash: 'a'.repeat(64), total: 1 },
      reps.clock.now(),
    )
    if (start.status === 'conflict') throw new Error('a fresh key')
    const written = writeImportJob(backend.deps.db, start.job, [row('cy-own', 'Taken by bo')], {
      now: reps.clock.now,
    })
    await expect(written).rejects.toBeInstanceOf(DatabaseError)
    const res = await reps.request(`/imports/${start.job.id}`, { session: bo })
    expect(await readJob(res)).toMatchObject({ status: 'failed', error: IMPORT_REFUSED_MESSAGE })
    expect((await detailOf('cy-own')).fields.company_name).toBe('Cy Co changed')
  })

  it('leaves the command line every right', async () => {
    await importAsCommandLine(backend.deps.db, [row('cy-own', 'Changed by an operator')])
    const cyOwn = await detailOf('cy-own')
    expect([cyOwn.fields.company_name, cyOwn.owner]).toEqual(['Changed by an operator', cy.rep])
  })
})

describe('the rows an import refuses', () => {
  it('are the prospects the ownership rule says the rep may not change as they are, for every rep', async () => {
    const slugs = ['bo-own', 'cy-own', 'harbor-realty', 'bright-smile-dental', 'visitor', 'no-such-slug']
    for (const session of [ann, bo, cy]) {
      const refused = await listRefusedSlugs(backend.deps.db, session.rep.id, slugs)
      const rights = await callFunction(backend.deps.db, 'prospect_rights', { rep_id: session.rep.id, slugs })
      expect(
        refused.map((row) => row.slug),
        session.rep.email,
      ).toEqual(rights.filter((right) => !right.change).map((right) => right.slug))
    }
    expect((await listRefusedSlugs(backend.deps.db, bo.rep.id, slugs)).map((row) => row.slug)).toEqual([
      'bright-smile-dental',
      'cy-own',
      'harbor-realty',
      'visitor',
    ])
  })
})
