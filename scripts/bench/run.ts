import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../../e2e/chromium.ts'
import { startProduct } from '../start-product.ts'
import { measureJsFiles } from './js-sizes.ts'
import { measureRun } from './measure-run.ts'
import { PROFILES } from './profiles.ts'
import { checkTargets, formatJsTable, formatProfileTable, type ProfileResult } from './report.ts'

const RUNS = 5
const PATH = '/'
const BUILT_FILES = ['dist/site/index.html', 'dist/widget/widget.js']

/**
 * `npm run bench`: the landing page in headless Chromium, cold, median of 5 per profile. Exits 1 when
 * a phone-profile target fails. A benchmark, not a test: it is not part of `npm test`.
 */
async function main(): Promise<number> {
  const missing = BUILT_FILES.filter((file) => !existsSync(file))
  if (missing.length > 0) {
    console.error(`Not built (${missing.join(', ')} missing): run npm run build first.`)
    return 2
  }
  const product = await startProduct('voice-demo-bench-')
  // Third-party hosts (e.g. the scheduling widget) fail at DNS at once instead of waiting for a network
  // this machine may not have; the figures are for our own page.
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
  })
  try {
    const url = `${product.url}${PATH}`
    console.log(`Landing page benchmark: ${url}, ${RUNS} cold runs per profile, fresh browser context each`)
    console.log(
      'Third-party hosts are unreachable (DNS fails at once); the server does what it does in production.\n',
    )
    const results: ProfileResult[] = []
    for (const profile of PROFILES) {
      const runs = []
      for (let run = 0; run < RUNS; run++) runs.push(await measureRun(browser, url, profile))
      results.push({ profile, runs })
      console.log(`${formatProfileTable({ profile, runs })}\n`)
    }
    const scriptUrls = new Set(results.flatMap((result) => result.runs.flatMap((run) => run.scriptUrls)))
    const ours = [...scriptUrls].filter((script) => new URL(script).origin === product.url)
    console.log(formatJsTable(await measureJsFiles(ours)))
    const others = [...scriptUrls].filter((script) => !ours.includes(script))
    if (others.length > 0) console.log(`  third-party scripts requested, not measured: ${others.join(', ')}`)
    console.log('')

    const phone = results.find((result) => result.profile.name === 'phone')
    const checks = checkTargets(phone?.runs ?? [])
    console.log('Targets at the phone-like profile (medians):')
    for (const check of checks) console.log(`  ${check.line}`)
    return checks.every((check) => check.pass) ? 0 : 1
  } finally {
    await browser.close()
    await product.stop()
  }
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
