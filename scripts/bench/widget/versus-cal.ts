import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { cpus, loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { openProfiledPage } from '../profiled-page.ts'
import { type BenchProfile, describeProfile, LONG_TASK_NETWORK, PROFILES } from '../profiles.ts'
import { formatColumns } from '../report.ts'
import { BOOT_TAIL_MS, isWidgetUrl } from './measure-page.ts'
import { type PageProbeRecord, probeSource, READ_PROBE_SOURCE, WAIT_FOR_PROBE_SOURCE } from './page-probe.ts'
import {
  busyVerdict,
  judgeVersus,
  summarizeLoads,
  VERSUS_BUDGET,
  type VersusLoad,
  type VersusSummary,
} from './versus-figures.ts'
import { BARE_PAGE, type LaunchOptions, WIDGET_PAGE } from './widget-bench.ts'

/** Loads of each widget per profile, taking turns. */
const RUNS = 7
const CAL_VERSION = '1.5.3'
/** Cal.com's button text, as its docs' example sets it. */
const CAL_BUTTON = 'Book a call'

/**
 * The profiles of the side-by-side: desktop as the widget bench has it, and phone-like as the issue
 * measured it (the phone profile's 4× CPU, at 150 ms latency and 1.6 Mbit/s rather than Slow 4G's
 * 562.5 ms, which would be most of either figure).
 */
export const VERSUS_PROFILES: readonly BenchProfile[] = PROFILES.map((profile) =>
  profile.name === 'phone' ? { ...profile, network: LONG_TASK_NETWORK } : profile,
)

/** Cal.com's floating button is on screen: its shadow root's button, laid out. Run in the page. */
const CAL_BUTTON_SHOWN = `() => {
    const button = document.querySelector('cal-floating-button')?.shadowRoot?.querySelector('button')
    return Boolean(button && button.getBoundingClientRect().height > 0 && getComputedStyle(button).visibility !== 'hidden')
  }`

/**
 * The neutral host page with Cal.com's embed: the bench's bare page with Cal.com's documented snippet
 * (its queue stub that appends `embed.js`, then `init` and `floatingButton`) where ours has its script
 * tag, so that the two pages differ only by the widget.
 */
export function calHostPage(bareHtml: string, origin: string): string {
  const snippet = `<script>
      (function (C, A, L) { let p = function (a, ar) { a.q.push(ar) }; let d = C.document; C.Cal = C.Cal || function () { let cal = C.Cal; let ar = arguments; if (!cal.loaded) { cal.ns = {}; cal.q = cal.q || []; d.head.appendChild(d.createElement("script")).src = A; cal.loaded = true } if (ar[0] === L) { const api = function () { p(api, arguments) }; const namespace = ar[1]; api.q = api.q || []; if (typeof namespace === "string") { cal.ns[namespace] = cal.ns[namespace] || api; p(cal.ns[namespace], ar); p(cal, ["initNamespace", namespace]) } else p(cal, ar); return } p(cal, ar) } })(window, "${origin}/embed.js", "init");
      Cal("init", { origin: "${origin}" });
      Cal("floatingButton", { calLink: "bright-smile-dental/demo", buttonText: "${CAL_BUTTON}" });
    </script>`
  const head = '</title>'
  if (!bareHtml.includes(head)) throw new Error(`${BARE_PAGE} has no </title> to put Cal.com's snippet after`)
  return bareHtml.replace(head, `${head}\n    ${snippet}`)
}

/**
 * Serves the Cal.com host page and its built `embed.js` (from the pinned package) on loopback, each
 * compressed as our server sends widget.mjs: brotli when the browser takes it, else gzip.
 */
async function serveCal(): Promise<{ server: Server; origin: string; embedBytes: Buffer }> {
  const require = createRequire(import.meta.url)
  const packageDir = dirname(require.resolve('@calcom/embed-core/package.json'))
  const { version } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as {
    version: string
  }
  if (version !== CAL_VERSION)
    throw new Error(`@calcom/embed-core is ${version}, not the pinned ${CAL_VERSION}`)
  const embed = await readFile(join(packageDir, 'dist/embed/embed.js'))
  const bare = await readFile(BARE_PAGE, 'utf8')
  let page = Buffer.alloc(0)
  const server = createServer((request, response) => {
    const body = request.url === '/embed.js' ? embed : request.url === '/' ? page : null
    if (!body) return void response.writeHead(404).end()
    const accepted = request.headers['accept-encoding'] ?? ''
    const type = body === embed ? 'text/javascript' : 'text/html'
    const headers = { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-cache' }
    if (/\bbr\b/.test(accepted)) {
      response.writeHead(200, { ...headers, 'content-encoding': 'br' })
      response.end(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
    } else if (/\bgzip\b/.test(accepted)) {
      response.writeHead(200, { ...headers, 'content-encoding': 'gzip' })
      response.end(gzipSync(body, { level: 9 }))
    } else response.writeHead(200, headers).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  page = Buffer.from(calHostPage(bare, origin))
  return { server, origin, embedBytes: embed }
}

interface Contender {
  readonly name: string
  readonly url: string
  readonly buttonsShown: string | undefined
  readonly isOwnFile: (url: string) => boolean
}

/** One cold load in a fresh browser, untraced: the page's own probe says when what showed. */
async function loadOnce(
  contender: Contender,
  profile: BenchProfile,
  launch: LaunchOptions,
): Promise<VersusLoad> {
  const browser = await chromium.launch({ executablePath: launch.executablePath, args: launch.launchArgs })
  try {
    const { page } = await openProfiledPage(browser, profile, probeSource(true, contender.buttonsShown))
    await page.goto(contender.url, { waitUntil: 'commit', timeout: 120_000 })
    await page.evaluate(WAIT_FOR_PROBE_SOURCE)
    await page.waitForTimeout(BOOT_TAIL_MS)
    const probe = (await page.evaluate(READ_PROBE_SOURCE)) as PageProbeRecord
    const own = probe.resources.filter((r) => contender.isOwnFile(r.url) && r.responseEnd <= probe.buttons)
    // From its first file's arrival: a task before then cannot be the widget's (the page's own first
    // layout is a long task in some loads at 4× CPU, with either widget or none).
    const arrival = Math.min(...own.map((r) => r.responseEnd))
    const end = probe.buttons + BOOT_TAIL_MS
    return {
      sinceContent: probe.buttons - probe.content,
      bytes: own.reduce((total, r) => total + r.encodedBodySize, 0),
      longTasks: probe.longTasks.filter((task) => task.startTime >= arrival && task.startTime < end).length,
    }
  } finally {
    await browser.close()
  }
}

const label = (profile: BenchProfile) => (profile.name === 'phone' ? 'phone-like' : profile.name)
const ms = (value: number) => (Number.isNaN(value) ? '?' : `+${Math.round(value)} ms`)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/**
 * `npm run bench widget`'s side-by-side: this product's widget and Cal.com's embed (`@calcom/embed-core`,
 * pinned) on the same neutral host page, both served from loopback, {@link RUNS} cold loads each per
 * profile in fresh browsers, taking turns. Prints the table and, per profile, ours / Cal.com's with the
 * budget; says when the machine was too busy to judge. Resolves whether both profiles met the budget.
 */
export async function runVersusCal(origin: string, launch: LaunchOptions): Promise<boolean> {
  const cores = cpus().length
  const loadAtStart = loadavg()[0] ?? 0
  const cal = await serveCal()
  try {
    const contenders: readonly Contender[] = [
      {
        name: "this product's widget.mjs",
        url: `${origin}/${WIDGET_PAGE}`,
        buttonsShown: undefined,
        isOwnFile: isWidgetUrl,
      },
      {
        name: `Cal.com's embed ${CAL_VERSION} (floating button)`,
        url: `${cal.origin}/`,
        buttonsShown: CAL_BUTTON_SHOWN,
        isOwnFile: (url) => url === `${cal.origin}/embed.js`,
      },
    ]
    console.log(
      `Side by side with Cal.com: ${RUNS} cold loads of each per profile, a fresh browser per load, taking turns;\n` +
        "time from the host page's own content painted to the frame that painted the buttons, in the same load\n" +
        '(medians); bytes: their files on the wire before the buttons showed; long tasks: Long Tasks API, from\n' +
        `the widget's first file's arrival to ${BOOT_TAIL_MS} ms after the buttons (median, and the worst load).\n`,
    )
    for (const profile of VERSUS_PROFILES)
      console.log(`  ${label(profile)}: ${describeProfile(profile).replace('Slow 4G: ', '')}`)
    // Warm both servers, so that no first load pays for a cold start alone.
    await Promise.all(contenders.map((contender) => fetch(contender.url)))
    const results = new Map<string, Map<string, VersusSummary>>()
    for (const profile of VERSUS_PROFILES) {
      const loads = new Map(contenders.map((contender) => [contender.name, [] as VersusLoad[]]))
      for (let run = 0; run < RUNS; run++) {
        const order = run % 2 === 0 ? contenders : [...contenders].reverse()
        for (const contender of order)
          loads.get(contender.name)?.push(await loadOnce(contender, profile, launch))
      }
      results.set(profile.name, new Map([...loads].map(([name, runs]) => [name, summarizeLoads(runs)])))
      for (const [name, runs] of loads)
        console.log(`  ${label(profile)}, ${name}: ${runs.map((load) => ms(load.sinceContent)).join(', ')}`)
    }
    const summary = (profile: string, name: string) => results.get(profile)?.get(name) as VersusSummary
    const rows = contenders.map(({ name }) => {
      const desktop = summary('desktop', name)
      const phone = summary('phone', name)
      return [
        name,
        kb(phone.bytes),
        ms(desktop.sinceContent),
        ms(phone.sinceContent),
        `${desktop.longTasks} / ${phone.longTasks} (worst ${Math.max(desktop.worstLongTasks, phone.worstLongTasks)})`,
      ]
    })
    console.log('')
    console.log(
      formatColumns([
        ['widget', 'bytes', 'desktop', 'phone-like', 'long tasks (desktop / phone)'],
        ...rows,
      ]).join('\n'),
    )
    let pass = true
    const [ours, theirs] = contenders
    for (const profile of VERSUS_PROFILES) {
      const judged = judgeVersus(
        summary(profile.name, ours?.name ?? ''),
        summary(profile.name, theirs?.name ?? ''),
      )
      pass &&= judged.pass
      console.log(
        `${judged.pass ? 'PASS' : 'FAIL'}  ${label(profile)}: ours / Cal.com's = ${judged.ratio.toFixed(2)} ` +
          `(budget ≤ ${VERSUS_BUDGET}, with no long task in any load of ours)`,
      )
    }
    const busy = busyVerdict(loadAtStart, loadavg()[0] ?? 0, cores)
    console.log(
      busy ??
        `The machine was quiet enough: load average ${loadAtStart.toFixed(1)} at the start, ` +
          `${(loadavg()[0] ?? 0).toFixed(1)} at the end, on ${cores} cores.`,
    )
    return pass
  } finally {
    await new Promise((resolve) => cal.server.close(resolve))
  }
}
