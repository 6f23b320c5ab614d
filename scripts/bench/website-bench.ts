import { formatCsv } from '../../core/csv-format.ts'
import { CSRF_HEADER, IMPORT_KEY_HEADER, type ImportJobResponse, REP_API_PATH } from '../../core/rep-api.ts'
import type { WebsiteReading, WebsiteReadProgress } from '../../core/website-reading.ts'
import { startRepProduct } from '../../e2e/rep-product.ts'
import { type FixtureSites, startFixtureSites } from '../../server/src/testing/fixture-sites.ts'
import { signIn } from './bench-session.ts'
import { formatColumns } from './report.ts'

/** The budgets: one five-page site read on loopback, and 500 rows' sites read behind an import. */
const ONE_SITE_LIMIT_MS = 1000
const LIST_LIMIT_MS = 60_000
const ONE_SITE_RUNS = 7
const ROWS = 500
/** Distinct hosts the list's sites live on (loopback addresses 127.0.0.2 …), each slow like a small host. */
const HOSTS = 25
const PAGE_LATENCY_MS = 100
/** The fixture businesses a list's rows point at, round-robin (the not-a-page site fails on purpose). */
const LIST_SITES = ['bright-smile-dental', 'harbor-plumbing', 'casa-lucia', 'plain-text-salon', 'not-html']

/**
 * `npm run bench website`: "Fill from website" on the five-page fixture dental site (median of 7,
 * budget 1 s), then an import of 500 rows with a website and no details, timed from the upload until
 * every site is read or has failed, against fixture sites that answer each page in 100 ms, spread over
 * 25 hosts (the reader asks one host one thing at a time). Both through the built product's API.
 */
export async function runWebsiteBench(): Promise<boolean> {
  const quick = await startFixtureSites()
  const slow: FixtureSites[] = []
  for (let host = 0; host < HOSTS; host += 1) {
    slow.push(await startFixtureSites({ latencyMs: PAGE_LATENCY_MS, address: `127.0.0.${host + 2}` }))
  }
  const allowed = [quick, ...slow].map((sites) => sites.allowedHosts).join(',')
  const product = await startRepProduct('voice-demo-bench-website-', {
    env: { WEBSITE_READER_ALLOWED_HOSTS: allowed, WEBSITE_READS_PER_REP_HOURLY: '1000' },
  })
  try {
    const session = await signIn(product.url)
    const headers = { Cookie: session.cookie, [CSRF_HEADER]: session.csrfToken, Origin: product.url }

    const times: number[] = []
    let pages = 0
    let facts = 0
    for (let run = 0; run < ONE_SITE_RUNS; run += 1) {
      const started = performance.now()
      const res = await fetch(`${product.url}${REP_API_PATH}/website-readings`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ website: quick.url('bright-smile-dental') }),
      })
      if (!res.ok) throw new Error(`reading the fixture site answered ${res.status}: ${await res.text()}`)
      const reading = (await res.json()) as WebsiteReading
      times.push(performance.now() - started)
      pages = reading.pages.length
      facts = reading.facts.length
    }
    times.sort((a, b) => a - b)
    const median = times[Math.floor(times.length / 2)] ?? Number.POSITIVE_INFINITY

    const csv = formatCsv([
      ['slug', 'name', 'company_name', 'website'],
      ...Array.from({ length: ROWS }, (_, i) => {
        const sites = slow[i % HOSTS] as FixtureSites
        const site = LIST_SITES[Math.floor(i / HOSTS) % LIST_SITES.length] as string
        return [`site-${String(i).padStart(4, '0')}`, `Owner ${i}`, `Company ${i}`, sites.url(site)]
      }),
    ])
    const started = performance.now()
    const res = await fetch(`${product.url}${REP_API_PATH}/imports`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'text/csv', [IMPORT_KEY_HEADER]: crypto.randomUUID() },
      body: csv,
    })
    if (res.status !== 202) throw new Error(`the import answered ${res.status}: ${await res.text()}`)
    const job = ((await res.json()) as ImportJobResponse).import
    let progress: WebsiteReadProgress = { total: 0, read: 0, failed: 0, pending: 1, failures: [] }
    // As the reps' page follows it, more often: until every row's site has been read or has failed.
    while (progress.total < ROWS || progress.pending > 0) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      const answer = await fetch(`${product.url}${REP_API_PATH}/imports/${job.id}/websites`, { headers })
      if (answer.ok) progress = (await answer.json()) as WebsiteReadProgress
    }
    const listMs = performance.now() - started
    const served = slow.reduce((sum, sites) => sum + sites.requests(), 0)

    console.log(
      `Reading websites (budgets: one site < ${ONE_SITE_LIMIT_MS} ms, ${ROWS} rows < ${LIST_LIMIT_MS / 1000} s)`,
    )
    console.log(
      formatColumns([
        ['what', 'figure', 'detail'],
        [
          'one five-page site, median',
          `${median.toFixed(0)} ms`,
          `${pages} pages, ${facts} details proposed`,
        ],
        [
          'one site, fastest–slowest',
          `${times[0]?.toFixed(0)}–${times.at(-1)?.toFixed(0)} ms`,
          `${ONE_SITE_RUNS} runs`,
        ],
        [
          `${ROWS} rows' sites behind an import`,
          `${(listMs / 1000).toFixed(1)} s`,
          `${progress.read} read, ${progress.failed} could not be read; ${served} requests, ${HOSTS} hosts, ${PAGE_LATENCY_MS} ms a page`,
        ],
      ]).join('\n'),
    )
    const onePass = median < ONE_SITE_LIMIT_MS
    const listPass = listMs < LIST_LIMIT_MS
    console.log(`\n${onePass ? 'PASS' : 'FAIL'} one site, ${listPass ? 'PASS' : 'FAIL'} ${ROWS} rows`)
    return onePass && listPass
  } finally {
    await product.stop()
    await Promise.all([quick, ...slow].map((sites) => sites.close()))
  }
}
