import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../../e2e/chromium.ts'
import { migratePostgres } from '../../server/src/db/open-backend.ts'
import { findPostgresBin, startPostgresCluster } from '../../server/src/db/postgres-cluster.ts'
import { startProduct } from '../start-product.ts'
import { runApiBench } from './api-bench.ts'
import { runBulkBench } from './bulk-bench.ts'
import { runEventsBench } from './events-bench.ts'
import { runFunnelBench } from './funnel-bench.ts'
import { runLighthouseBench } from './lighthouse-bench.ts'
import { runMemoryBench } from './memory-bench.ts'
import { runPreviewBench } from './preview-bench.ts'
import { runSiteBench } from './site-bench.ts'
import { runTemplatesBench } from './templates-bench.ts'
import { runToolsBench } from './tools-bench.ts'
import { runWebsiteBench } from './website-bench.ts'
import { runClickBench } from './widget/click-connecting.ts'
import { runVersusCal } from './widget/versus-cal.ts'
import { runWidgetBench } from './widget/widget-bench.ts'

const BUILT_FILES = ['dist/site/index.html', 'dist/widget/widget.mjs']
const BENCHES = [
  'site',
  'widget',
  'click',
  'lighthouse',
  'api',
  'events',
  'templates',
  'website',
  'tools',
  'preview',
  'funnel',
  'memory',
  'bulk',
  'scale',
] as const
// Third-party hosts (e.g. the scheduling widget) fail at DNS at once instead of waiting for a network
// this machine may not have; the figures are for our own pages.
const LAUNCH_ARGS = [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']

/**
 * `npm run bench [site|widget|click|lighthouse|api|events|templates|website|tools|preview|funnel|memory|bulk|scale] [--postgres]` (`--postgres`: on a throwaway PostgreSQL
 * server instead of the embedded database): the landing and a prospect page and the widget on a
 * host page (`click`: only its click → "Connecting..." part), in headless Chromium, a Lighthouse-like mobile measure of the partner demo page (CLS), the server under
 * load, the event ingest under load, the agent templates' render and import, and prospects' preview
 * pictures drawn and served from memory (all unless some are
 * named). Exits 1 when a target or budget fails, 2 when it cannot run. A benchmark,
 * not a test: it is not part of `npm test`.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2)
  const onPostgres = args.includes('--postgres')
  const asked = args.filter((arg) => arg !== '--postgres')
  const unknown = asked.filter((name) => !(BENCHES as readonly string[]).includes(name))
  if (unknown.length > 0) {
    console.error(`Unknown benchmark ${unknown.join(', ')}: use ${BENCHES.join(', ')} (or nothing for all).`)
    return 2
  }
  const selected = asked.length > 0 ? asked : BENCHES
  const missing = BUILT_FILES.filter((file) => !existsSync(file))
  if (missing.length > 0) {
    console.error(`Not built (${missing.join(', ')} missing): run npm run build first.`)
    return 2
  }
  // With --postgres every server of the run works on one throwaway PostgreSQL, as DATABASE_URL.
  const postgres = onPostgres ? await startBenchPostgres() : null
  const product = await startProduct('voice-demo-bench-')
  const executablePath = findChromium()
  let pass = true
  try {
    if (selected.includes('site')) {
      const browser = await chromium.launch({ executablePath, args: LAUNCH_ARGS })
      try {
        pass = (await runSiteBench(browser, product.url)) && pass
      } finally {
        await browser.close()
      }
      console.log('')
    }
    if (selected.includes('widget')) {
      pass = (await runWidgetBench(product.url, { executablePath, launchArgs: LAUNCH_ARGS })) && pass
      console.log('')
      pass = (await runVersusCal(product.url, { executablePath, launchArgs: LAUNCH_ARGS })) && pass
      console.log('')
      pass = (await runClickBench({ executablePath, launchArgs: LAUNCH_ARGS })) && pass
      console.log('')
    } else if (selected.includes('click')) {
      // The widget bench's last part alone: click → "Connecting..." painted, at 4× CPU.
      pass = (await runClickBench({ executablePath, launchArgs: LAUNCH_ARGS })) && pass
      console.log('')
    }
    if (selected.includes('lighthouse')) {
      pass = (await runLighthouseBench(product.url, { executablePath, launchArgs: LAUNCH_ARGS })) && pass
      console.log('')
    }
    if (selected.includes('api')) pass = (await runApiBench(product.url)) && pass
    // Its own server (a proxy header trusted, a data directory it counts rows in afterwards).
    if (selected.includes('events')) pass = (await runEventsBench()) && pass
    // Its own server too (with a rep who signs in to import).
    if (selected.includes('templates')) pass = (await runTemplatesBench()) && pass
    // Its own server too, reading fixture businesses' sites on loopback.
    if (selected.includes('website')) pass = (await runWebsiteBench()) && pass
    // Its own server too, with the voice platform's webhook secret: the demo agent's tool calls.
    if (selected.includes('tools')) pass = (await runToolsBench()) && pass
    // Its own server too, with prospects imported before it starts: their link-preview pictures.
    if (selected.includes('preview')) pass = (await runPreviewBench()) && pass
    // Its own throwaway PostgreSQL, with 100,000 prospects and 1,000,000 events.
    if (selected.includes('funnel')) pass = (await runFunnelBench()) && pass
    // Its own servers: the embedded default twice on one fresh data directory, then on PostgreSQL.
    if (selected.includes('memory')) pass = (await runMemoryBench()) && pass
    if (selected.includes('bulk')) pass = (await runBulkBench()) && pass
    // The benchmark-sized suites (vitest.config.ts, SCALE_SUITES): their checks, with times printed.
    if (selected.includes('scale')) pass = (await runScaleSuites(onPostgres)) && pass
    return pass ? 0 : 1
  } finally {
    await product.stop()
    postgres?.stop()
  }
}

/** The scale suites through vitest, on both engines (`--postgres`: on PostgreSQL only). */
function runScaleSuites(onPostgres: boolean): Promise<boolean> {
  const projects = onPostgres ? ['scale-postgres'] : ['scale', 'scale-postgres']
  const args = ['vitest', 'run', ...projects.flatMap((name) => ['--project', name])]
  // The suites make their own databases: not the one `--postgres` made for the products.
  const { DATABASE_URL: _url, CALL_HASH_SECRET: _secret, ...env } = process.env
  const child = spawn('npx', args, { stdio: 'inherit', env: { ...env, SCALE_TESTS: '1' } })
  return new Promise((resolve) => child.once('close', (code) => resolve(code === 0)))
}

/**
 * A throwaway PostgreSQL server, migrated with the examples, its URL and a hash secret in the
 * environment the products inherit.
 */
async function startBenchPostgres() {
  const bin = findPostgresBin()
  if (!bin) throw new Error("--postgres needs PostgreSQL's server tools (apt-get install postgresql)")
  const cluster = await startPostgresCluster(bin)
  process.env.DATABASE_URL = cluster.url
  // The benches read and write the example prospects, which a PostgreSQL database has only when asked.
  await migratePostgres(cluster.url, { seed: true })
  process.env.CALL_HASH_SECRET = 'bench-call-hash-secret-0123456789abcdef'
  console.log(`On PostgreSQL ${cluster.version} (a throwaway server on loopback)\n`)
  return cluster
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(error)
    process.exitCode = 1
  },
)
