import { readFileSync } from 'node:fs'
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
/**
 * Under load, resident is read every second and judged over the load's last two minutes: V8 lets
 * garbage gather in its old generation until a full collection takes it back, some 12–30 s apart at
 * 200 requests a second, so two minutes hold several such climbs and their tops. One reading, taken
 * just before or just after a collection, could differ by 10–30 MB either way.
 */
const LOAD_SAMPLE_MS = 1_000
const LOAD_WINDOW_MS = 120_000

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

/** Resident readings under load (MB), the last window of them summed up: the middle one and the most. */
export function summarizeLoad(
  samples: readonly { at: number; rss: number }[],
  windowMs = LOAD_WINDOW_MS,
): { median: number; most: number; count: number } {
  const end = samples.at(-1)?.at ?? 0
  const window = samples
    .filter((sample) => end - sample.at <= windowMs)
    .map((sample) => sample.rss)
    .sort((a, b) => a - b)
  const at = (index: number) => window[index] ?? 0
  const middle = window.length >> 1
  const median = window.length % 2 === 1 ? at(middle) : (at(middle - 1) + at(middle)) / 2
  return { median, most: at(window.length - 1), count: window.length }
}

/** Reads the server's resident size every second while `during` runs; the readings, in order. */
async function sampleWhile<T>(
  pid: number,
  during: Promise<T>,
): Promise<{ result: T; samples: { at: number; rss: number }[] }> {
  const samples: { at: number; rss: number }[] = []
  let done = false
  const sampling = (async () => {
    while (!done) {
      samples.push({ at: Date.now(), rss: (await readMemory(pid)).rss })
      await new Promise((resolve) => setTimeout(resolve, LOAD_SAMPLE_MS))
    }
  })()
  try {
    return { result: await during, samples }
  } finally {
    done = true
    await sampling
  }
}

/**
 * glibc malloc's settings the systemd unit gives each server on PostgreSQL (its `Environment=` line of
 * `MALLOC_…` variables), read from the unit so that the server measured here is the one an operator
 * runs. They must be in the environment as node starts (malloc reads them before any JavaScript runs).
 */
export function unitMallocEnvironment(
  unit = readFileSync(new URL('../../deploy/voice-demo@.service', import.meta.url), 'utf8'),
): Record<string, string> {
  const settings: Record<string, string> = {}
  for (const line of unit.split('\n')) {
    if (!line.startsWith('Environment=')) continue
    for (const pair of line.slice('Environment='.length).trim().split(/\s+/)) {
      const [name, value] = pair.split('=')
      if (name?.startsWith('MALLOC_') && value) settings[name] = value
    }
  }
  return settings
}

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
 * PostgreSQL idle, under MEMORY_BENCH_MINUTES (10) minutes of 200 requests a second, and idle again
 * after them. The built product, started as `npm run serve` starts it; the server on PostgreSQL also
 * with the malloc settings of the systemd unit that runs it in a deployment.
 */
export async function runMemoryBench(): Promise<boolean> {
  if (process.platform !== 'linux') {
    console.error('Memory: reads /proc, so it runs on Linux only')
    return false
  }
  const minutes = Number(process.env.MEMORY_BENCH_MINUTES ?? 10)
  const rows: string[][] = [['server', 'resident', 'peak', 'budget']]
  const notes: string[] = []
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
    const malloc = unitMallocEnvironment()
    const product = await startProduct('voice-demo-memory-bench-', {
      DATABASE_URL: cluster.url,
      CALL_HASH_SECRET: 'memory-bench-call-hash-secret-0123456789abcdef',
      ...malloc,
    })
    try {
      const idle = await settledMemory(product.pid)
      judge('PostgreSQL, idle', idle, `≤ ${POSTGRES_MB} MB`, idle.rss <= POSTGRES_MB)
      const started = Date.now()
      const { result: traffic, samples } = await sampleWhile(product.pid, load(product.url, minutes * 60))
      const seconds = (Date.now() - started) / 1000
      const loaded = summarizeLoad(samples)
      const rate = Math.round(traffic.requests / seconds)
      const ok = loaded.most <= POSTGRES_MB && traffic.errors === 0
      pass &&= ok
      rows.push([
        `PostgreSQL, last ${LOAD_WINDOW_MS / 60_000} min of ${minutes} min at ${LOAD_RATE}/s (${traffic.requests.toLocaleString('en')} requests, ${rate}/s achieved, ${traffic.errors} errors)`,
        `${mb(loaded.median)} median, ${mb(loaded.most)} most`,
        mb((await readMemory(product.pid)).peak),
        `most ≤ ${POSTGRES_MB} MB ${ok ? 'PASS' : 'FAIL'}`,
      ])
      const after = await settledMemory(product.pid)
      judge('PostgreSQL, idle after the load', after, `≤ ${POSTGRES_MB} MB`, after.rss <= POSTGRES_MB)
      notes.push(
        `PostgreSQL's server ran with ${Object.entries(malloc)
          .map(([name, value]) => `${name}=${value}`)
          .join(' ')} (the systemd unit's malloc settings).`,
        `Under load, judged: the most resident of one reading a second over the load's last ${LOAD_WINDOW_MS / 60_000} minutes (${loaded.count} readings), which hold several climbs of V8's old generation to the full collection that takes it back, so the figure does not hang on when it is read.`,
      )
    } finally {
      await product.stop()
    }
  } finally {
    cluster.stop()
  }
  console.log(
    'Memory: resident size of the server process (VmRSS; peak: VmHWM since it started); idle: once it stays within 2 % for 10 s',
  )
  for (const line of formatColumns(rows)) console.log(`  ${line}`)
  for (const note of notes) console.log(`  ${note}`)
  console.log(pass ? 'within budget' : 'OVER BUDGET')
  return pass
}
