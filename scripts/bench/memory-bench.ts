import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { migratePostgres } from '../../server/src/db/open-backend.ts'
import { findPostgresBin, startPostgresCluster } from '../../server/src/db/postgres-cluster.ts'
import { type RunningProduct, startProduct } from '../start-product.ts'
import { formatColumns } from './report.ts'

/** The budgets, in MB resident: the embedded default at idle and at its peak while it starts; a server on PostgreSQL. */
const EMBEDDED_IDLE_MB = 500
const EMBEDDED_PEAK_MB = 700
const POSTGRES_MB = 150
/** The load for the server on PostgreSQL: requests a second, for MEMORY_BENCH_MINUTES minutes (10 by default). */
const LOAD_RATE = 200
/** Idle: the resident size moved by less than this over the last window of samples. */
const SETTLED_FRACTION = 0.02
const SETTLE_WINDOW_MS = 10_000
const SAMPLE_MS = 500
/** An idle server settles well within this; past it the last figure is printed as it is. */
const SETTLE_LIMIT_MS = 90_000

interface Memory {
  /** Resident now, MB. */
  rss: number
  /** The most it has been resident since it started (the kernel's high-water mark), MB. */
  peak: number
}

/** The server's resident memory from /proc (Linux). */
async function readMemory(pid: number): Promise<Memory> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0)
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}

/**
 * Waits until the server is idle, meaning its resident size has moved by less than 2 % over the last
 * 10 s (a server just started still finishes work in the background: the first upkeep, warming the
 * picture renderer, building the funnel's table), then reads it.
 */
async function settledMemory(pid: number): Promise<Memory> {
  const samples: { at: number; rss: number }[] = []
  const started = Date.now()
  for (;;) {
    const now = Date.now()
    const { rss } = await readMemory(pid)
    samples.push({ at: now, rss })
    const window = samples.filter((s) => now - s.at <= SETTLE_WINDOW_MS)
    const low = Math.min(...window.map((s) => s.rss))
    const high = Math.max(...window.map((s) => s.rss))
    const spanned = now - (window[0]?.at ?? now) >= SETTLE_WINDOW_MS - SAMPLE_MS
    if ((spanned && high - low <= high * SETTLED_FRACTION) || now - started >= SETTLE_LIMIT_MS)
      return readMemory(pid)
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS))
  }
}

const mb = (value: number) => `${Math.round(value)} MB`

/** Mixed traffic a prospect's visit makes: the landing page, a prospect page, its API answer, the config, health. */
async function load(origin: string, seconds: number) {
  const result = await autocannon({
    url: origin,
    connections: 10,
    overallRate: LOAD_RATE,
    duration: seconds,
    headers: { 'accept-encoding': 'br, gzip' },
    requests: [
      { method: 'GET', path: '/' },
      { method: 'GET', path: '/bright-smile-dental' },
      { method: 'GET', path: '/api/prospects/bright-smile-dental' },
      { method: 'GET', path: '/api/config' },
      { method: 'GET', path: '/healthz' },
    ],
  })
  return {
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

/**
 * `npm run bench memory`: the server's resident memory, read from /proc, as an operator sizing a
 * machine would see it. The embedded default on a fresh data directory (its peak while it creates and
 * migrates the database, then idle), the same directory started again, and a server on a throwaway
 * PostgreSQL idle and after MEMORY_BENCH_MINUTES (10) minutes of 200 requests a second. The built
 * product, started as `npm run serve` starts it.
 */
export async function runMemoryBench(): Promise<boolean> {
  if (process.platform !== 'linux') {
    console.error('Memory: reads /proc, so it runs on Linux only')
    return false
  }
  const minutes = Number(process.env.MEMORY_BENCH_MINUTES ?? 10)
  const rows: string[][] = [['server', 'resident', 'peak', 'budget']]
  let pass = true
  const judge = (name: string, memory: Memory, budget: string, ok: boolean) => {
    pass &&= ok
    rows.push([name, mb(memory.rss), mb(memory.peak), `${budget} ${ok ? 'PASS' : 'FAIL'}`])
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'voice-demo-memory-bench-'))
  try {
    let product: RunningProduct = await startProduct('voice-demo-memory-bench-', {}, { dataDir })
    const fresh = await settledMemory(product.pid).finally(() => product.stop())
    judge(
      'embedded, first start, idle',
      fresh,
      `≤ ${EMBEDDED_IDLE_MB} MB idle, ≤ ${EMBEDDED_PEAK_MB} MB peak`,
      fresh.rss <= EMBEDDED_IDLE_MB && fresh.peak <= EMBEDDED_PEAK_MB,
    )
    product = await startProduct('voice-demo-memory-bench-', {}, { dataDir })
    const again = await settledMemory(product.pid).finally(() => product.stop())
    judge(
      'embedded, started again, idle',
      again,
      `≤ ${EMBEDDED_IDLE_MB} MB idle, ≤ ${EMBEDDED_PEAK_MB} MB peak`,
      again.rss <= EMBEDDED_IDLE_MB && again.peak <= EMBEDDED_PEAK_MB,
    )
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }

  const bin = findPostgresBin()
  if (!bin) {
    console.error("Memory: PostgreSQL's server tools were not found (apt-get install postgresql)")
    return false
  }
  const cluster = await startPostgresCluster(bin)
  try {
    await migratePostgres(cluster.url, { seed: true })
    const product = await startProduct('voice-demo-memory-bench-', {
      DATABASE_URL: cluster.url,
      CALL_HASH_SECRET: 'memory-bench-call-hash-secret-0123456789abcdef',
    })
    try {
      const idle = await settledMemory(product.pid)
      judge('PostgreSQL, idle', idle, `≤ ${POSTGRES_MB} MB`, idle.rss <= POSTGRES_MB)
      const traffic = await load(product.url, minutes * 60)
      const after = await settledMemory(product.pid)
      judge(
        `PostgreSQL, after ${minutes} min at ${LOAD_RATE}/s (${traffic.requests.toLocaleString('en')} requests, ${traffic.errors} errors)`,
        after,
        `≤ ${POSTGRES_MB} MB`,
        after.rss <= POSTGRES_MB && traffic.errors === 0,
      )
    } finally {
      await product.stop()
    }
  } finally {
    cluster.stop()
  }
  console.log('Memory: resident size of the server process (VmRSS; peak: VmHWM), once idle')
  for (const line of formatColumns(rows)) console.log(`  ${line}`)
  console.log(pass ? 'within budget' : 'OVER BUDGET')
  return pass
}
