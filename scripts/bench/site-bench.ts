import type { Browser } from '@playwright/test'
import { measureFrameworkFloor } from './framework-floor.ts'
import { measureJsFiles } from './js-sizes.ts'
import { measureRun } from './measure-run.ts'
import { PROFILES } from './profiles.ts'
import {
  checkTargets,
  formatJsTable,
  formatProfileTable,
  formatValue,
  getMetricMedian,
  PHONE_TARGETS,
  PROSPECT_TARGETS,
  type ProfileResult,
  type TargetCheck,
} from './report.ts'

const RUNS = 5
const LANDING = '/'
/** A seeded prospect's page, as a rep's link opens it (rendered by the server for that prospect). */
const PROSPECT = '/bright-smile-dental'

/** Every profile's runs of one page: cold, a fresh browser context per run. */
async function measurePage(browser: Browser, url: string): Promise<ProfileResult[]> {
  const results: ProfileResult[] = []
  for (const profile of PROFILES) {
    const runs = []
    for (let run = 0; run < RUNS; run++) runs.push(await measureRun(browser, url, profile))
    results.push({ profile, runs })
    console.log(`${formatProfileTable({ profile, runs })}\n`)
  }
  return results
}

const runsOf = (results: readonly ProfileResult[], name: 'phone' | 'desktop') =>
  results.find((result) => result.profile.name === name)?.runs ?? []

/**
 * The landing page and a prospect page in headless Chromium, median of 5 cold runs per profile.
 * Resolves whether every target holds: the landing page's at the phone-like profile, the prospect
 * page's at both, and the prospect page's phone LCP no later than the landing page's.
 */
export async function runSiteBench(browser: Browser, origin: string): Promise<boolean> {
  console.log(`Site benchmark: ${origin}${LANDING} and ${origin}${PROSPECT}, ${RUNS} cold runs per profile`)
  console.log(
    'Third-party hosts are unreachable (DNS fails at once); the server does what it does in production.\n',
  )
  console.log(`Landing page (${LANDING})\n`)
  const landing = await measurePage(browser, `${origin}${LANDING}`)
  console.log(`Prospect page (${PROSPECT})\n`)
  const prospect = await measurePage(browser, `${origin}${PROSPECT}`)

  const scriptUrls = new Set(
    [...landing, ...prospect].flatMap((result) => result.runs.flatMap((run) => run.scriptUrls)),
  )
  const ours = [...scriptUrls].filter((script) => new URL(script).origin === origin)
  console.log(formatJsTable(await measureJsFiles(ours)))
  const others = [...scriptUrls].filter((script) => !ours.includes(script))
  if (others.length > 0) console.log(`  third-party scripts requested, not measured: ${others.join(', ')}`)
  console.log('')

  // Context for the TBT figures, not a target: what react-dom alone costs at the same profile.
  await measureFrameworkFloor(browser, RUNS)
  console.log('')

  const landingLcp = getMetricMedian(runsOf(landing, 'phone'), 'lcp')
  const prospectLcp = getMetricMedian(runsOf(prospect, 'phone'), 'lcp')
  const notLater = prospectLcp <= landingLcp
  const groups: [string, TargetCheck[]][] = [
    ['Landing page, phone-like profile (medians)', checkTargets(runsOf(landing, 'phone'), PHONE_TARGETS)],
    [
      'Prospect page, phone-like profile (medians)',
      [
        ...checkTargets(runsOf(prospect, 'phone'), PROSPECT_TARGETS.phone),
        {
          label: 'LCP vs landing',
          pass: notLater,
          line: `${notLater ? 'PASS' : 'FAIL'}  LCP ${formatValue('lcp', prospectLcp)} no later than the landing page's ${formatValue('lcp', landingLcp)}`,
        },
      ],
    ],
    ['Prospect page, desktop (medians)', checkTargets(runsOf(prospect, 'desktop'), PROSPECT_TARGETS.desktop)],
  ]
  for (const [title, checks] of groups) {
    console.log(`${title}:`)
    for (const check of checks) console.log(`  ${check.line}`)
  }
  return groups.every(([, checks]) => checks.every((check) => check.pass))
}
