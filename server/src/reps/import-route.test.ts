import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import type { ImportResult, ProspectHistoryResponse, RepProspectDetail } from '#core/rep-api.ts'
import { createImportKey, postImport, readJob, waitForJob } from '../testing/import-jobs.ts'
import { createRepTestApp, type RepTestApp, type TestSession } from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'

const HEADER = 'slug,name,company_name,first_message,system,assistant_id'

let backend: TestBackend
let reps: RepTestApp
let bo: TestSession
let cy: TestSession
beforeAll(async () => {
  backend = await createTestBackend()
  reps = createRepTestApp(backend, { siteUrl: 'https://demo.example.com' })
  await reps.addRep('bo@example.com')
  await reps.addRep('cy@example.com')
  bo = await reps.signIn('bo@example.com')
  cy = await reps.signIn('cy@example.com')
})
afterAll(() => backend.db.close())

const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error
const countJobs = async () =>
  (await backend.db.query<{ n: number }>('select count(*)::int as n from public.import_jobs')).rows[0]?.n
const historyOf = async (slug: string) =>
  (
    (await (
      await reps.request(`/prospects/${slug}/history`, { session: bo })
    ).json()) as ProspectHistoryResponse
  ).history

/** Posts the file and polls its job until it ends, as the reps' page does. */
async function importCsv(csv: string, key = createImportKey()) {
  const res = await postImport(reps, bo, csv, { key })
  expect(res.status).toBe(202)
  return waitForJob(reps, bo, (await readJob(res)).id)
}

describe('POST imports: a job, written in the background', () => {
  it('answers 202 with the job at once, then writes every row, owned and stamped by the rep, with each row’s link in file order', async () => {
    const csv = [
      HEADER,
      'acme-dental,Ann,"Acme Dental, Inc.",Hi,"Line one\nline two",',
      'beta-realty,Bo,Beta,Hi,S,asst-1',
    ]
    const res = await postImport(reps, bo, csv.join('\r\n'))
    expect(res.status).toBe(202)
    const started = await readJob(res)
    expect(started).toMatchObject({ total: 2, error: null })
    expect(['queued', 'running', 'done']).toContain(started.status)
    expect(res.headers.get('Location')).toBe(`/api/reps/imports/${started.id}`)

    const job = await waitForJob(reps, bo, started.id)
    expect(job).toMatchObject({ id: started.id, status: 'done', total: 2, done: 2, error: null })
    expect(job.result).toEqual({
      inserted: 2,
      updated: 0,
      unchanged: 0,
      links: [
        { slug: 'acme-dental', url: 'https://demo.example.com/acme-dental' },
        { slug: 'beta-realty', url: 'https://demo.example.com/beta-realty' },
      ],
    } satisfies ImportResult)
    const detail = (await (
      await reps.request('/prospects/acme-dental', { session: bo })
    ).json()) as RepProspectDetail
    expect(detail.fields.system).toBe('Line one\nline two')
    expect(detail.owner).toEqual(bo.rep)
    expect(detail.history).toEqual([
      { action: 'import', slug: 'acme-dental', stamp: { at: detail.created.at, rep: bo.rep }, changed: [] },
    ])
  })

  it('names the fields a second import changed, and leaves unchanged rows alone', async () => {
    const csv = [
      HEADER,
      'acme-dental,Ann Lee,"Acme Dental, Inc.",Hi,"Line one\nline two",',
      'beta-realty,Bo,Beta,Hi,S,asst-1',
    ]
    const { result } = await importCsv(csv.join('\n'))
    expect([result?.inserted, result?.updated, result?.unchanged]).toEqual([0, 1, 1])
    expect((await historyOf('acme-dental')).map((entry) => [entry.action, entry.changed])).toEqual([
      ['import', ['name']],
      ['import', []],
    ])
  })

  it('answers a retry with the same key with the same job, and writes the file once', async () => {
    const csv = [HEADER, 'once-only,Ann,Once Co,Hi,S,'].join('\n')
    const key = createImportKey()
    const first = await readJob(await postImport(reps, bo, csv, { key }))
    // Sent again while it may still be writing, and again once it is done: the same job each time.
    const again = await postImport(reps, bo, csv, { key })
    expect([again.status, (await readJob(again)).id]).toEqual([202, first.id])
    const done = await waitForJob(reps, bo, first.id)
    const later = await postImport(reps, bo, csv, { key })
    expect(later.status).toBe(202)
    expect(await readJob(later)).toEqual(done)
    expect(done.result).toMatchObject({ inserted: 1, updated: 0, unchanged: 0 })
    expect((await historyOf('once-only')).map((entry) => entry.action)).toEqual(['import'])
  })

  it('refuses the same key with another file (409), writing nothing of it', async () => {
    const key = createImportKey()
    await importCsv([HEADER, 'first-file,Ann,First Co,Hi,S,'].join('\n'), key)
    const other = await postImport(reps, bo, [HEADER, 'second-file,Bo,Second Co,Hi,S,'].join('\n'), { key })
    expect(other.status).toBe(409)
    expect(await errorOf(other)).toEqual({
      code: 'import_key_reused',
      message: 'This upload key was already used for another file. Choose the file again to import it.',
    })
    expect((await reps.request('/prospects/second-file', { session: bo })).status).toBe(404)
  })

  it('keeps keys per rep: another rep’s same key is their own import', async () => {
    const key = createImportKey()
    const csv = [HEADER, 'per-rep,Ann,Per Rep Co,Hi,S,'].join('\n')
    const bos = await readJob(await postImport(reps, bo, csv, { key }))
    const cys = await readJob(
      await postImport(reps, cy, [HEADER, 'per-rep-2,Cy,Co,Hi,S,'].join('\n'), { key }),
    )
    expect(cys.id).not.toBe(bos.id)
    expect((await waitForJob(reps, cy, cys.id)).result?.links.map((link) => link.slug)).toEqual(['per-rep-2'])
    expect((await waitForJob(reps, bo, bos.id)).result?.links.map((link) => link.slug)).toEqual(['per-rep'])
    // A job answers the rep who sent it only; to another it is as unknown as an id never made.
    const other = await reps.request(`/imports/${bos.id}`, { session: cy })
    expect(other.status).toBe(404)
    expect((await errorOf(other)).code).toBe('import_not_found')
  })

  it('refuses a missing or malformed Idempotency-Key (400) before reading the file', async () => {
    const jobs = await countJobs()
    for (const key of [
      null,
      '',
      'short',
      'has spaces in the key',
      'x'.repeat(101),
      'ümlaut-key-0123456789',
    ]) {
      const res = await postImport(reps, bo, [HEADER, 'no-key,Ann,Co,Hi,S,'].join('\n'), { key })
      expect(res.status, String(key)).toBe(400)
      expect((await errorOf(res)).code).toBe('import_key_invalid')
    }
    expect(await countJobs()).toBe(jobs)
    expect((await reps.request('/prospects/no-key', { session: bo })).status).toBe(404)
  })

  it('imports nothing when any row is bad: 422 with every bad row’s line and problems, and no job', async () => {
    const jobs = await countJobs()
    const csv = [HEADER, 'fine-one,Ann,Acme,Hi,S,', 'Bad Slug,,Acme,Hi,S,', 'too,few']
    const res = await postImport(reps, bo, csv.join('\n'))
    expect(res.status).toBe(422)
    expect(await errorOf(res)).toEqual({
      code: 'import_invalid',
      message: 'Nothing was imported: 2 of 3 rows have problems.',
      problems: [
        {
          line: 3,
          message:
            'name (Contact name) is required; slug (Slug) must be lowercase letters, digits or dashes, ' +
            'not "Bad Slug" (for example "bad-slug")',
        },
        { line: 4, message: '2 fields, but the header has 6' },
      ],
    })
    expect((await reps.request('/prospects/fine-one', { session: bo })).status).toBe(404)
    expect(await countJobs()).toBe(jobs)
  })

  it('imports rows with a template and no prompt, and refuses a template that does not exist by its line', async () => {
    const head = 'slug,name,company_name,template,city'
    const bad = await postImport(
      reps,
      bo,
      [head, 'pine-law,Ann,Pine Law,law-firm,Leeds', 'fir-law,Bo,Fir Law,lawyers,'].join('\n'),
    )
    expect(bad.status).toBe(422)
    expect((await errorOf(bad)).problems).toEqual([
      {
        line: 3,
        message: expect.stringMatching(
          /^template \(Kind of business\) must be one of the agent templates \(general, .*\), not "lawyers"$/,
        ),
      },
    ])
    expect((await reps.request('/prospects/pine-law', { session: bo })).status).toBe(404)

    expect((await importCsv([head, 'pine-law,Ann,Pine Law,law-firm,Leeds'].join('\n'))).status).toBe('done')
    const detail = (await (
      await reps.request('/prospects/pine-law', { session: bo })
    ).json()) as RepProspectDetail
    expect(detail.fields).toMatchObject({
      template: 'law-firm',
      city: 'Leeds',
      first_message: null,
      system: null,
    })
    expect(detail.agent.firstMessage).toContain('Pine Law')
  })

  it('refuses a file that is not UTF-8 at its first such line (a spreadsheet’s plain “CSV”)', async () => {
    const latin1 = Uint8Array.from([...new TextEncoder().encode(`${HEADER}\ncafe-one,Ann,Caf`), 0xe9, 0x0a])
    const res = await postImport(reps, bo, latin1)
    expect(res.status).toBe(422)
    expect(await errorOf(res)).toMatchObject({
      code: 'import_invalid',
      problems: [{ line: 2, message: 'not UTF-8 text (save the file as "CSV UTF-8")' }],
    })
  })

  it('reads a UTF-8 file with a byte order mark (a spreadsheet’s “CSV UTF-8”), accents and all', async () => {
    const job = await importCsv(`\ufeff${HEADER}\ncafe-bom,Ren\u00e9,Caf\u00e9 Ren\u00e9,Hi,S,`)
    expect(job).toMatchObject({ status: 'done', result: { inserted: 1 } })
    const detail = (await (
      await reps.request('/prospects/cafe-bom', { session: bo })
    ).json()) as RepProspectDetail
    expect(detail.fields).toMatchObject({ name: 'Ren\u00e9', company_name: 'Caf\u00e9 Ren\u00e9' })
  })

  it('reports a quote that never closes at the line it opened, and a bad header', async () => {
    const unclosed = await postImport(reps, bo, [HEADER, 'a,b,c,d,e,', '"open,b,c,d,e,'].join('\n'))
    expect(await errorOf(unclosed)).toMatchObject({ code: 'import_invalid', problems: [{ line: 3 }] })
    const header = await postImport(reps, bo, 'slug,name\na,b')
    expect((await errorOf(header)).problems?.[0]?.message).toMatch(/^header: missing column "company_name"/)
  })

  it('takes text/csv only (415), and a session and its CSRF token like every change', async () => {
    expect((await postImport(reps, bo, HEADER, { contentType: 'application/json' })).status).toBe(415)
    expect((await postImport(reps, { ...bo, csrfToken: 'stale' }, HEADER)).status).toBe(403)
    expect((await reps.request('/imports', { method: 'POST', body: HEADER })).status).toBe(401)
  })
})

describe('GET imports/:id', () => {
  it('answers 404 import_not_found for a job that does not exist, and 401 without a session', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-job']) {
      const res = await reps.request(`/imports/${id}`, { session: bo })
      expect(res.status, id).toBe(404)
      expect((await errorOf(res)).code).toBe('import_not_found')
    }
    expect((await reps.request('/imports/00000000-0000-4000-8000-000000000000')).status).toBe(401)
  })
})
