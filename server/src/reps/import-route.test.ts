import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import type { ImportResponse, ProspectHistoryResponse, RepProspectDetail } from '#core/rep-api.ts'
import { formatCsv } from '../common/csv.ts'
import { createRepTestApp, type RepTestApp, type TestSession } from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'

const HEADER = 'slug,name,company_name,first_message,system,assistant_id'

let backend: TestBackend
let reps: RepTestApp
let bo: TestSession
beforeAll(async () => {
  backend = await createTestBackend()
  reps = createRepTestApp(backend, { siteUrl: 'https://demo.example.com' })
  await reps.addRep('bo@example.com')
  bo = await reps.signIn('bo@example.com')
})
afterAll(() => backend.db.close())

const importCsv = (body: string, contentType = 'text/csv; charset=utf-8') =>
  reps.request('/imports', { method: 'POST', session: bo, body, headers: { 'Content-Type': contentType } })
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error

describe('POST imports', () => {
  it('imports every row in one go, owned and stamped by the rep, and answers each row’s link in file order', async () => {
    const csv = [
      HEADER,
      'acme-dental,Ann,"Acme Dental, Inc.",Hi,"Line one\nline two",',
      'beta-realty,Bo,Beta,Hi,S,asst-1',
    ]
    const res = await importCsv(csv.join('\r\n'))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      inserted: 2,
      updated: 0,
      unchanged: 0,
      links: [
        { slug: 'acme-dental', url: 'https://demo.example.com/acme-dental' },
        { slug: 'beta-realty', url: 'https://demo.example.com/beta-realty' },
      ],
    } satisfies ImportResponse)
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
    const body = (await (await importCsv(csv.join('\n'))).json()) as ImportResponse
    expect([body.inserted, body.updated, body.unchanged]).toEqual([0, 1, 1])
    const { history } = (await (
      await reps.request('/prospects/acme-dental/history', { session: bo })
    ).json()) as ProspectHistoryResponse
    expect(history.map((entry) => [entry.action, entry.changed])).toEqual([
      ['import', ['name']],
      ['import', []],
    ])
  })

  it('imports nothing when any row is bad: 422 with every bad row’s line and problems', async () => {
    const csv = [HEADER, 'fine-one,Ann,Acme,Hi,S,', 'Bad Slug,,Acme,Hi,S,', 'too,few']
    const res = await importCsv(csv.join('\n'))
    expect(res.status).toBe(422)
    expect(await errorOf(res)).toEqual({
      code: 'import_invalid',
      message: 'Nothing was imported: 2 of 3 rows have problems.',
      problems: [
        {
          line: 3,
          message:
            'name is empty; slug "Bad Slug" must be lowercase letters, digits or dashes (for example "bad-slug")',
        },
        { line: 4, message: '2 fields, but the header has 6' },
      ],
    })
    expect((await reps.request('/prospects/fine-one', { session: bo })).status).toBe(404)
  })

  it('imports rows with a template and no prompt, and refuses a template that does not exist by its line', async () => {
    const head = 'slug,name,company_name,template,city'
    const bad = await importCsv(
      [head, 'pine-law,Ann,Pine Law,law-firm,Leeds', 'fir-law,Bo,Fir Law,lawyers,'].join('\n'),
    )
    expect(bad.status).toBe(422)
    expect((await errorOf(bad)).problems).toEqual([
      {
        line: 3,
        message: expect.stringMatching(
          /^template "lawyers" is not one of the agent templates \(the templates are general, /,
        ),
      },
    ])
    expect((await reps.request('/prospects/pine-law', { session: bo })).status).toBe(404)

    const good = await importCsv([head, 'pine-law,Ann,Pine Law,law-firm,Leeds'].join('\n'))
    expect(good.status).toBe(200)
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

  it('reports a quote that never closes at the line it opened, and a bad header', async () => {
    const unclosed = await importCsv([HEADER, 'a,b,c,d,e,', '"open,b,c,d,e,'].join('\n'))
    expect(await errorOf(unclosed)).toMatchObject({ code: 'import_invalid', problems: [{ line: 3 }] })
    const header = await importCsv('slug,name\na,b')
    expect((await errorOf(header)).problems?.[0]?.message).toMatch(/^header: missing column "company_name"/)
  })

  it('takes text/csv only (415), and a session and its CSRF token like every change', async () => {
    expect((await importCsv(HEADER, 'application/json')).status).toBe(415)
    const noToken = await reps.request('/imports', {
      method: 'POST',
      session: { ...bo, csrfToken: 'stale' },
      body: HEADER,
      headers: { 'Content-Type': 'text/csv' },
    })
    expect(noToken.status).toBe(403)
    expect((await reps.request('/imports', { method: 'POST', body: HEADER })).status).toBe(401)
  })

  it('imports 10,000 rows (about 6 MB) in one request (time printed)', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [
      `bulk-${String(i).padStart(5, '0')}`,
      `Owner ${i}`,
      `Company ${i} LLC`,
      `Hi, this is the assistant of Company ${i}. How can I help you today?`,
      `You are the receptionist of Company ${i}. `.repeat(12),
      '',
    ])
    const csv = formatCsv([HEADER.split(','), ...rows])
    const started = performance.now()
    const res = await importCsv(csv)
    const ms = performance.now() - started
    console.info(
      `[import] 10,000 rows (${(csv.length / 1e6).toFixed(1)} MB) through POST /api/reps/imports: ${ms.toFixed(0)} ms`,
    )
    expect(res.status).toBe(200)
    const body = (await res.json()) as ImportResponse
    expect([body.inserted, body.links.length, body.links[9999]?.url]).toEqual([
      10_000,
      10_000,
      'https://demo.example.com/bulk-09999',
    ])
  }, 120_000)
})
