import type { Browser } from '@playwright/test'
import { measureJsFiles } from './js-sizes.ts'
import { measureRun } from './measure-run.ts'
import { PROFILES } from './profiles.ts'
import { checkTargets, formatJsTable, formatProfileTable, type ProfileResult } from './report.ts'

const RUNS = 5
const PATH = '/'

/**
 * The landing page in headless Chromium, cold, median of 5 per profile (a fresh browser context per
 * run). Resolves whether every phone-profile target holds.
 */
export async function runSiteBench(browser: Browser, origin: string): Promise<boolean> {
  const url = `${origin}${PATH}`
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
  const ours = [...scriptUrls].filter((script) => new URL(script).origin === origin)
  console.log(formatJsTable(await measureJsFiles(ours)))
  const others = [...scriptUrls].filter((script) => !ours.includes(script))
  if (others.length > 0) console.log(`  third-party scripts requested, not measured: ${others.join(', ')}`)
  console.log('')

  const phone = results.find((result) => result.profile.name === 'phone')
  const checks = checkTargets(phone?.runs ?? [])
  console.log('Targets at the phone-like profile (medians):')
  for (const check of checks) console.log(`  ${check.line}`)
  return checks.every((check) => check.pass)
}
