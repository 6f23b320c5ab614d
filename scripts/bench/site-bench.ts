import type { Browser } from '@playwright/test'
import { measureFrameworkFloor } from './framework-floor.ts'
import { measureJsFiles } from './js-sizes.ts'
import { measureRun, type RunResult } from './measure-run.ts'
import { PROFILES } from './profiles.ts'
import {
  checkButtonsAtFcp,
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

/**
 * Cold runs per page and profile. The two pages' phone LCPs are compared, and single runs spread by
 * two or three frames on either page: with 11 runs the medians hold still to about a frame.
 */
const RUNS = 11
const LANDING = '/'
/** A seeded prospect's page, as a rep's link opens it (rendered by the server for that prospect). */
const PROSPECT = '/bright-smile-dental'

/**
 * Every profile's runs of both pages, cold, a fresh browser context per run, the two pages taking turns
 * run by run: the comparison of their LCP then meets the same machine at the same moments, rather than
 * the landing page's runs all coming first while the browser and the server warm up.
 */
async function measurePages(browser: Browser, urls: readonly string[]): Promise<ProfileResult[][]> {
  const results: ProfileResult[][] = urls.map(() => [])
  for (const profile of PROFILES) {
    const runs: RunResult[][] = urls.map(() => [])
    for (let run = 0; run < RUNS; run++)
      for (const [index, url] of urls.entries()) runs[index]?.push(await measureRun(browser, url, profile))
    for (const [index, url] of urls.entries()) {
      const result = { profile, runs: runs[index] ?? [] }
      results[index]?.push(result)
      console.log(`${new URL(url).pathname}\n${formatProfileTable(result)}\n`)
    }
  }
  return results
}

const runsOf = (results: readonly ProfileResult[], name: 'phone' | 'desktop') =>
  results.find((result) => result.profile.name === name)?.runs ?? []

/**
 * The landing page and a prospect page in headless Chromium, the median of `RUNS` cold runs per profile.
 * Resolves whether every target holds: the landing page's at the phone-like profile, the prospect
 * page's at both, and the landing page's phone LCP no later than the prospect page's: a visitor's first
 * look at the product paints as early as a prospect's own page, which the server renders for them.
 */
export async function runSiteBench(browser: Browser, origin: string): Promise<boolean> {
  console.log(`Site benchmark: ${origin}${LANDING} and ${origin}${PROSPECT}, ${RUNS} cold runs per profile`)
  console.log(
    'Third-party hosts are unreachable (DNS fails at once); the server does what it does in production.\n',
  )
  const [landing = [], prospect = []] = await measurePages(browser, [
    `${origin}${LANDING}`,
    `${origin}${PROSPECT}`,
  ])

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
  const notLater = landingLcp <= prospectLcp
  const groups: [string, TargetCheck[]][] = [
    [
      'Landing page, phone-like profile (medians)',
      [
        ...checkTargets(runsOf(landing, 'phone'), PHONE_TARGETS),
        {
          label: 'LCP vs prospect page',
          pass: notLater,
          line: `${notLater ? 'PASS' : 'FAIL'}  LCP ${formatValue('lcp', landingLcp)} no later than the prospect page's ${formatValue('lcp', prospectLcp)}`,
        },
      ],
    ],
    [
      'Prospect page, phone-like profile (medians)',
      [
        ...checkTargets(runsOf(prospect, 'phone'), PROSPECT_TARGETS.phone),
        checkButtonsAtFcp(runsOf(prospect, 'phone')),
      ],
    ],
    [
      'Prospect page, desktop (medians)',
      [
        ...checkTargets(runsOf(prospect, 'desktop'), PROSPECT_TARGETS.desktop),
        checkButtonsAtFcp(runsOf(prospect, 'desktop')),
      ],
    ],
  ]
  for (const [title, checks] of groups) {
    console.log(`${title}:`)
    for (const check of checks) console.log(`  ${check.line}`)
  }
  return groups.every(([, checks]) => checks.every((check) => check.pass))
}
