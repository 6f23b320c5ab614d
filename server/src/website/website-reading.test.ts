import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatCsv } from '#core/csv-format.ts'
import type { ErrorBody } from '#core/errors.ts'
import type { RepProspectDetail } from '#core/rep-api.ts'
import type { WebsiteReading, WebsiteReadProgress, WebsiteReadRow } from '#core/website-reading.ts'
import { createApp } from '../app.ts'
import { type FixtureSites, startFixtureSites } from '../testing/fixture-sites.ts'
import { createImportKey, postImport, readJob, waitForJob } from '../testing/import-jobs.ts'
import { createRepTestApp, type RepTestApp, type TestSession } from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { startWebsiteReadQueue, type WebsiteReadQueue } from './website-read-queue.ts'
import { createWebsiteReader } from './website-reader.ts'

// The reader end to end through the reps' API: a fixture business site on loopback (exempted by the
// allowance, as WEBSITE_READER_ALLOWED_HOSTS does), the database, and the background queue.

let backend: TestBackend
let sites: FixtureSites
let queue: WebsiteReadQueue
let reps: RepTestApp
let ana: TestSession
let ben: TestSession
const logged: unknown[][] = []

beforeAll(async () => {
  backend = await createTestBackend()
  sites = await startFixtureSites()
  const settings = {
    allowedHosts: new Set(sites.sites.map((site) => site.host)),
    ai: null,
    perRepHourly: 5,
    concurrency: 4,
  }
  const logger = {
    warn: (...args: unknown[]) => logged.push(args),
    error: (...args: unknown[]) => logged.push(args),
  }
  queue = startWebsiteReadQueue({ db: backend.db, templates: backend.deps.templates, settings, logger })
  reps = createRepTestApp(backend, {
    websiteReader: createWebsiteReader({
      db: backend.db,
      templates: backend.deps.templates,
      settings,
      logger,
      onQueued: queue.wake,
    }),
  })
  await reps.addRep('ana@example.com')
  await reps.addRep('ben@example.com')
  ana = await reps.signIn('ana@example.com')
  ben = await reps.signIn('ben@example.com')
}, 60_000)
afterAll(async () => {
  await queue?.stop()
  await sites?.close()
  await backend?.db.close()
})

const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error
const read = (session: TestSession, website: string) =>
  reps.request('/website-readings', {
    method: 'POST',
    session,
    body: JSON.stringify({ website }),
    headers: { 'Content-Type': 'application/json' },
  })
/** `GET imports/:id/websites` until every reading queued for the import has ended, as the reps' page polls. */
async function waitForReadings(id: string, total: number): Promise<WebsiteReadProgress> {
  for (;;) {
    const progress = (await (
      await reps.request(`/imports/${id}/websites`, { session: ana })
    ).json()) as WebsiteReadProgress
    if (progress.total === total && progress.pending === 0) return progress
    await queue.idle()
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
const detailOf = async (slug: string) =>
  (await (await reps.request(`/prospects/${slug}`, { session: ana })).json()) as RepProspectDetail

describe('POST website-readings: "Fill from website"', () => {
  it("proposes the business's details with their sources, and keeps its logo on our side", async () => {
    const res = await read(ana, sites.url('bright-smile-dental'))
    expect(res.status).toBe(200)
    const reading = (await res.json()) as WebsiteReading
    expect(reading.ai).toBe('off')
    expect(reading.pages[0]).toBe(sites.url('bright-smile-dental'))
    expect(reading.pages.length).toBeGreaterThan(1)
    const byField = Object.fromEntries(reading.facts.map((fact) => [fact.field, fact]))
    expect(byField.template).toMatchObject({ value: 'dental', source: { kind: 'structured_data' } })
    expect(byField.city?.value).toBe('Springfield')
    expect(byField.opening_hours?.value).toMatch(/^Monday to Friday/)
    expect(byField.booking_link?.value).toMatch(/^https:\/\/calendly\.com\//)
    expect(byField.logo?.value).toMatch(/^[0-9a-f]{64}$/)

    const logo = await createApp(backend.deps).request(`http://127.0.0.1/api/logos/${byField.logo?.value}`)
    expect(logo.status).toBe(200)
    expect(logo.headers.get('Content-Type')).toBe('image/png')
    expect(logo.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    const bytes = new Uint8Array(await logo.arrayBuffer())
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG')
    expect(bytes.byteLength).toBeLessThanOrEqual(200 * 1024)
    const again = await createApp(backend.deps).request(`http://127.0.0.1/api/logos/${byField.logo?.value}`, {
      headers: { 'If-None-Match': logo.headers.get('ETag') ?? '' },
    })
    expect(again.status).toBe(304)
  })

  it('refuses private networks, and a site that is not a web page, in words a rep understands', async () => {
    const privateAddress = await read(ana, 'http://10.1.2.3/')
    expect(privateAddress.status).toBe(422)
    expect(await errorOf(privateAddress)).toEqual({
      code: 'website_unreadable',
      message: 'That address is on a private network',
    })
    // The fixture's own port is allowed; another port of loopback is not.
    const otherPort = await read(ana, 'http://127.0.0.1:9/')
    expect((await errorOf(otherPort)).message).toBe('That address is on a private network')
    const pdf = await read(ana, sites.url('not-html'))
    expect((await errorOf(pdf)).message).toBe('That page is not a web page')
  })

  it("holds each rep to their hourly limit, the others' aside", async () => {
    // ana read four sites above; the limit is five an hour.
    expect((await read(ana, 'http://10.1.2.3/')).status).toBe(422)
    const over = await read(ana, sites.url('harbor-plumbing'))
    expect(over.status).toBe(429)
    expect((await errorOf(over)).code).toBe('website_reads_limited')
    expect(over.headers.get('Retry-After')).not.toBeNull()
    expect((await read(ben, sites.url('harbor-plumbing'))).status).toBe(200)
  })

  it('answers 503 where the server reads no websites (the edge function)', async () => {
    const edge = createRepTestApp(backend)
    await edge.addRep('cy@example.com')
    const cy = await edge.signIn('cy@example.com')
    const res = await edge.request('/website-readings', {
      method: 'POST',
      session: cy,
      body: JSON.stringify({ website: sites.url('harbor-plumbing') }),
    })
    expect(res.status).toBe(503)
    expect((await errorOf(res)).code).toBe('website_reader_off')
  })
})

describe('an import reads its rows’ websites in the background', () => {
  it('refuses a malformed website as a problem of its line, and imports nothing', async () => {
    const csv = formatCsv([
      ['slug', 'name', 'company_name', 'website'],
      ['good-site', 'Ann', 'Good Co', sites.url('harbor-plumbing')],
      ['bad-site', 'Bo', 'Bad Co', 'harbor plumbing dot com'],
    ])
    const res = await postImport(reps, ana, csv, { key: createImportKey() })
    expect(res.status).toBe(422)
    expect((await res.json()) as ErrorBody).toMatchObject({
      error: {
        code: 'import_invalid',
        problems: [
          {
            line: 3,
            message:
              'website (Website) must be a web address, like bright-smile.example or https://bright-smile.example',
          },
        ],
      },
    })
    expect((await reps.request('/prospects/good-site', { session: ana })).status).toBe(404)
  })

  it('fills only the blank details, lists the sites that could not be read with why, and retries one', async () => {
    const csv = formatCsv([
      ['slug', 'name', 'company_name', 'website', 'city'],
      [
        'bright-smile-import',
        'Dr. Maya Patel',
        'Bright Smile Dental',
        sites.url('bright-smile-dental'),
        'Shelbyville',
      ],
      ['harbor-import', 'Sam Ortiz', 'Harbor Plumbing', sites.url('harbor-plumbing'), ''],
      ['broken-import', 'Lee Park', 'Broken Site Co', sites.url('not-html'), ''],
      ['no-website-import', 'Kim Lo', 'Offline Inc', '', ''],
    ])
    const posted = await postImport(reps, ana, csv, { key: createImportKey() })
    expect(posted.status).toBe(202)
    const job = await waitForJob(reps, ana, (await readJob(posted)).id)
    expect(job.status).toBe('done')
    const progress = await waitForReadings(job.id, 3)
    expect(progress).toMatchObject({ total: 3, read: 2, failed: 1, pending: 0 })
    expect(progress.failures).toEqual([
      expect.objectContaining({
        slug: 'broken-import',
        status: 'failed',
        error: 'That page is not a web page',
      } satisfies Partial<WebsiteReadRow>),
    ])
    // Another rep cannot follow ana's import.
    expect((await reps.request(`/imports/${job.id}/websites`, { session: ben })).status).toBe(404)

    const bright = await detailOf('bright-smile-import')
    expect(bright.fields.city).toBe('Shelbyville') // what the rep's file said stays
    expect(bright.fields.template).toBe('dental')
    expect(bright.fields.opening_hours).toMatch(/^Monday to Friday/)
    expect(bright.fields.logo).toMatch(/^[0-9a-f]{64}$/)
    expect(bright.history[0]).toMatchObject({ action: 'website', stamp: { rep: null } })
    expect(bright.history[0]?.changed).not.toContain('city')
    expect(bright.agent.system).toContain('Monday to Friday')
    expect((await detailOf('harbor-import')).fields.template).toBe('home-services')
    expect((await detailOf('no-website-import')).fields.template).toBeNull()

    // The rep fixes nothing and tries again: still the same reason, newly dated.
    const retried = await reps.request('/prospects/broken-import/website-read', {
      method: 'POST',
      session: ana,
    })
    expect(retried.status).toBe(202)
    // Queued, or already taken by the reader: either way not the failure it was.
    expect(['queued', 'reading']).toContain(((await retried.json()) as { row: WebsiteReadRow }).row.status)
    const after = await waitForReadings(job.id, 3)
    expect(after).toMatchObject({ total: 3, read: 2, failed: 1, pending: 0 })
    // Only those who may change a prospect may have it read again.
    const refused = await reps.request('/prospects/broken-import/website-read', {
      method: 'POST',
      session: ben,
    })
    expect(refused.status).toBe(403)
  })
})
