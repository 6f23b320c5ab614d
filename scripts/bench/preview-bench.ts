import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { formatCsv } from '../../core/csv-format.ts'
import { startProduct } from '../start-product.ts'
import { formatColumns } from './report.ts'

const execFileAsync = promisify(execFile)

/** The budgets: a prospect's picture drawn the first time it is asked for, and served again from memory. */
const FIRST_LIMIT_MS = 150
const CACHED_LIMIT_MS = 5
const PROSPECTS = 20
const REPEATS = 20

/** Words of every length the pictures meet, long ones (cut with an ellipsis), accents and Hebrew among them. */
const COMPANIES = [
  'Bright Smile Dental',
  'Zoë’s Café & Bäckerei',
  'Harbor Realty Group',
  'מרפאת שיניים חיוך',
  'The Extraordinarily Long-Named Family Dental Practice and Orthodontics Centre of Greater Springfield',
]

/**
 * `npm run bench preview`: the product started as `npm run serve` does (it loads the picture renderer
 * with the first picture asked for), with 20 imported prospects; each one's `/{slug}/preview.png` fetched
 * over loopback once (drawn: the first time for that prospect), then 20 times more (from memory).
 * Prints the medians, which the budgets hold, and the worst of each.
 */
export async function runPreviewBench(): Promise<boolean> {
  // The first is drawn right after the start and reported apart: it loads sharp and starts fontconfig
  // inside its request, which no later picture pays.
  const slugs = Array.from({ length: PROSPECTS + 1 }, (_, i) => `preview-bench-${i}`)
  const csv = formatCsv([
    ['slug', 'name', 'company_name'],
    ...slugs.map((slug, i) => [
      slug,
      `Contact ${i + 1} Müller`,
      `${COMPANIES[i % COMPANIES.length]} ${i + 1}`,
    ]),
  ])
  const product = await startProduct(
    'voice-demo-preview-bench-',
    {},
    {
      prepare: async (dataDir) => {
        const file = join(dataDir, 'preview-bench.csv')
        await writeFile(file, csv)
        await execFileAsync('npm', ['run', 'prospects', '--', 'import', file, '--out', `${file}.links.csv`], {
          env: { ...process.env, DATA_DIR: dataDir },
          timeout: 120_000,
        })
      },
    },
  )
  try {
    const general = await fetch(`${product.url}/visitor/preview.png`, { redirect: 'manual' })
    if (general.headers.get('Location') !== '/og-image.jpg')
      throw new Error('the general demo drew a picture')
    const [warmUp, ...measured] = slugs
    const afterStart = await timedFetch(`${product.url}/${warmUp}/preview.png`)
    const first: number[] = []
    const cached: number[] = []
    let largest = 0
    for (const slug of measured) {
      const drawn = await timedFetch(`${product.url}/${slug}/preview.png`)
      first.push(drawn.ms)
      largest = Math.max(largest, drawn.bytes)
      for (let i = 0; i < REPEATS; i += 1)
        cached.push((await timedFetch(`${product.url}/${slug}/preview.png`)).ms)
    }
    const firstMedian = median(first)
    const cachedMedian = median(cached)
    const firstWorst = Math.max(...first)
    const cachedP99 = percentile(cached, 0.99)
    // The budgets hold the medians: on a shared machine the worst request meets other work (the tails
    // are printed beside them, to be read with the machine's load).
    const pass = firstMedian <= FIRST_LIMIT_MS && cachedMedian <= CACHED_LIMIT_MS
    console.log(`Prospects' preview pictures (${PROSPECTS} prospects, loopback)`)
    console.log(
      formatColumns([
        ['', 'median', 'worst', 'budget'],
        ['drawn just after the start', `${afterStart.ms.toFixed(1)} ms`, '', '(not counted)'],
        [
          'drawn, the first time',
          `${firstMedian.toFixed(1)} ms`,
          `${firstWorst.toFixed(1)} ms`,
          `≤ ${FIRST_LIMIT_MS} ms`,
        ],
        [
          'from memory (p99 as worst)',
          `${cachedMedian.toFixed(2)} ms`,
          `${cachedP99.toFixed(2)} ms`,
          `≤ ${CACHED_LIMIT_MS} ms`,
        ],
        ['largest picture', `${(largest / 1024).toFixed(1)} KB`, '', '≤ 300 KB'],
      ]).join('\n'),
    )
    console.log(pass ? 'within budget' : 'OVER BUDGET')
    return pass && largest <= 300 * 1024
  } finally {
    await product.stop()
  }
}

async function timedFetch(url: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now()
  const res = await fetch(url, { redirect: 'manual' })
  const body = await res.arrayBuffer()
  const ms = performance.now() - started
  if (res.status !== 200 && res.status !== 302) throw new Error(`${url}: ${res.status}`)
  return { ms, bytes: body.byteLength }
}

const median = (values: readonly number[]) => percentile(values, 0.5)

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
}
