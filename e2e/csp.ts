import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'

/**
 * The host-page Content-Security-Policy as the embedding guide documents it (docs/embedding.md,
 * "Content-Security-Policy for host pages"), so the strict-CSP spec allows exactly what a partner is told to allow and no more.
 */

const GUIDE_HEADING = '## Content-Security-Policy for host pages'
/** The placeholders the guide's recipe uses for what differs per installation. */
const WIDGET_ORIGIN = 'https://YOUR-ORIGIN'
const VAPI_API = 'https://api.vapi.ai'
/** The recipe's source for video conversation frames (Tavus rooms on Daily). */
const VIDEO_FRAMES = 'https://*.daily.co'

/** The recipe's directives, `name → sources`, from the first code block under the heading. */
export function readCspRecipe(guide = readFileSync('docs/embedding.md', 'utf8')): Map<string, string[]> {
  const section = guide.split(GUIDE_HEADING)[1]
  const block = section?.match(/```text\n([\s\S]*?)```/)?.[1]
  if (!block) throw new Error(`docs/embedding.md has no code block under "${GUIDE_HEADING}"`)
  const directives = new Map<string, string[]>()
  const policy = block.replace(/^Content-Security-Policy:/m, '').replace(/\s+/g, ' ')
  for (const directive of policy.split(';')) {
    const [name, ...sources] = directive.trim().split(' ')
    if (name) directives.set(name, sources)
  }
  return directives
}

/**
 * A header value: `default-src 'none'` (nothing that is not listed) plus the recipe, with the widget's
 * Vapi's and the video platform's origins of this test run (the fake's conversation pages stand in for
 * Daily's in `frame-src`); `workers: false` takes `blob:` out of `worker-src`.
 */
export function strictPolicy(options: {
  widgetOrigin: string
  vapiApiUrl: string
  videoUrl: string
  workers: boolean
}): string {
  const vapiOrigin = new URL(options.vapiApiUrl).origin
  const videoOrigin = new URL(options.videoUrl).origin
  const directives = [`default-src 'none'`]
  for (const [name, sources] of readCspRecipe()) {
    const actual = sources.map((source) => {
      if (source === WIDGET_ORIGIN) return options.widgetOrigin
      if (source === VAPI_API) return vapiOrigin
      return name === 'frame-src' && source === VIDEO_FRAMES ? videoOrigin : source
    })
    const kept = name === 'worker-src' && !options.workers ? actual.filter((s) => s !== 'blob:') : actual
    directives.push(`${name} ${kept.length > 0 ? kept.join(' ') : "'none'"}`)
  }
  return directives.join('; ')
}

/** Serves `path` as the server sends it, plus a `Content-Security-Policy` header. */
export async function serveWithPolicy(page: Page, path: string, policy: string): Promise<void> {
  await page.route(`**${path}`, async (route) => {
    const response = await route.fetch()
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy } })
  })
}

export interface Violation {
  directive: string
  blocked: string
  source: string
}

/** Records every `securitypolicyviolation` in the page (composed: those from shadow roots too). */
export async function recordCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const violations: Violation[] = []
    Object.assign(window, { __cspViolations: violations })
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: event.sourceFile,
      })
    })
  })
}

export const readCspViolations = (page: Page): Promise<Violation[]> =>
  page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations)
