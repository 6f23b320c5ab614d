import { mkdir, writeFile } from 'node:fs/promises'
import autocannon from 'autocannon'
import { formatColumns } from './report.ts'

export const API_RESULTS_FILE = 'bench-results/api.json'

/** What a rep's link costs the server: the prospect API the widget asks, and the page itself. */
const TARGETS = [
  { name: 'prospect API', path: '/api/prospects/bright-smile-dental' },
  { name: 'prospect page', path: '/bright-smile-dental' },
] as const

/** The steady load: 500 requests per second for 20 s, p99 at most 20 ms, no errors. */
const STEADY = { rate: 500, seconds: 20, p99Limit: 20 }
/** The ramp: each rate for a few seconds, up to the first that misses p99 ≤ 50 ms or is not kept up. */
const RAMP = { rates: [1000, 2000, 3000, 4000, 5000, 6000, 8000], seconds: 5, p99Limit: 50 }
const CONNECTIONS = 20
/** Load before the measured loads of each target, at the steady rate. */
const WARM_UP_SECONDS = 5

interface Load {
  target: string
  rate: number
  seconds: number
  achieved: number
  p50: number
  p99: number
  errors: number
}

/** One load at `rate` requests per second. */
async function load(
  origin: string,
  target: (typeof TARGETS)[number],
  rate: number,
  seconds: number,
): Promise<Load> {
  const result = await autocannon({
    url: `${origin}${target.path}`,
    connections: CONNECTIONS,
    overallRate: rate,
    duration: seconds,
    headers: { 'accept-encoding': 'br, gzip' },
  })
  return {
    target: target.name,
    rate,
    seconds,
    achieved: Math.round(result.requests.total / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

const row = (l: Load, verdict: string) => [
  l.target,
  `${l.rate}/s × ${l.seconds} s`,
  `${l.achieved}/s`,
  `${l.p50} ms`,
  `${l.p99} ms`,
  String(l.errors),
  verdict,
]

/**
 * `npm run bench api`: the prospect API and a prospect page under load on loopback (autocannon, 20
 * connections): 500 req/s for 20 s with p99 ≤ 20 ms and no errors, then a ramp to the highest rate
 * still answered at p99 ≤ 50 ms. Prints a table, writes every figure to bench-results/api.json.
 * Resolves whether the steady load held for both.
 */
export async function runApiBench(origin: string): Promise<boolean> {
  console.log(
    `API benchmark: ${origin}, autocannon with ${CONNECTIONS} connections, on this machine, ` +
      `after ${WARM_UP_SECONDS} s of warm-up per target\n`,
  )
  const loads: Load[] = []
  const rows: string[][] = []
  const highest: Record<string, number> = {}
  let pass = true
  for (const target of TARGETS) {
    // Warm-up, not counted: the first requests read the database, fill the server's short cache and
    // compress the answer, and the JIT compiles the hot path. A server runs warm for all but its first
    // seconds; the figures are for that.
    await load(origin, target, STEADY.rate, WARM_UP_SECONDS)
    const steady = await load(origin, target, STEADY.rate, STEADY.seconds)
    const held = steady.p99 <= STEADY.p99Limit && steady.errors === 0
    pass &&= held
    loads.push(steady)
    rows.push(row(steady, `${held ? 'PASS' : 'FAIL'} p99 ≤ ${STEADY.p99Limit} ms, no errors`))
    highest[target.name] = 0
    for (const rate of RAMP.rates) {
      const step = await load(origin, target, rate, RAMP.seconds)
      const kept = step.p99 <= RAMP.p99Limit && step.errors === 0 && step.achieved >= rate * 0.95
      loads.push(step)
      rows.push(row(step, kept ? `ok (p99 ≤ ${RAMP.p99Limit} ms)` : 'beyond'))
      if (!kept) break
      highest[target.name] = rate
    }
  }
  console.log(
    formatColumns([['target', 'load', 'achieved', 'p50', 'p99', 'errors', 'verdict'], ...rows]).join('\n'),
  )
  console.log('')
  for (const target of TARGETS) {
    console.log(`  highest rate with p99 ≤ ${RAMP.p99Limit} ms, ${target.name}: ${highest[target.name]}/s`)
  }
  await mkdir('bench-results', { recursive: true })
  await writeFile(
    API_RESULTS_FILE,
    `${JSON.stringify({ at: new Date().toISOString(), connections: CONNECTIONS, loads, highest }, null, 2)}\n`,
  )
  console.log(`\nEvery figure: ${API_RESULTS_FILE}`)
  return pass
}
