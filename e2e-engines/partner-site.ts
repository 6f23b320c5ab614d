import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { PANEL_SPACE_CSS } from '#core/embed-snippet.ts'
import { listenOnLoopback } from '../server/src/testing/listen-loopback.ts'

/**
 * A partner's site on loopback, for the engines that cannot route requests (WebDriver has no request
 * interception in WebKit): a neutral page that embeds the widget by its snippet from the product's
 * origin, and what Playwright's suite would route instead (e2e/fakes/fake-daily.ts, e2e/visual/):
 * Inter from the npm package, and the fake of Daily's call machine.
 *
 * It is addressed as `localhost`, the product as `127.0.0.1`: another site, as a partner's page is,
 * and a secure context (the microphone needs one) without certificates.
 */

export type Theme = 'light' | 'dark'

export interface PartnerSite {
  /**
   * The page with one `<voice-demo>` for `slug` in a slot `width` px wide (its content box); `line`:
   * with the snippet's first line, which reserves the panel's space.
   */
  pageUrl(options: { slug: string; theme?: Theme; width?: number; line?: boolean }): string
  /**
   * Holds the call machine's script until the returned function is called, as a slow network would,
   * so a journey can see the call connecting.
   */
  holdCallMachine(): () => void
  close(): Promise<void>
}

const CALL_MACHINE_PATH = '/fake-daily/call-machine-object-bundle.js'
const FAKE_CALL_MACHINE = 'e2e/fakes/daily-call-machine.js'
const FONT_WEIGHTS = [400, 500, 600] as const
const fontFiles = join(
  dirname(createRequire(import.meta.url).resolve('@fontsource/inter/package.json')),
  'files',
)

/**
 * Runs before the widget. daily-js adds Daily's call machine as a `<script src>` from its CDN when a
 * call joins: that URL is pointed at this site's fake (anything else on the CDN at an address that
 * fails, as offline). Nothing of the widget or the SDKs changes; only where the one script comes from.
 * Uncaught errors and rejections are recorded for the journeys: the widget never throws into a page.
 */
const PAGE_SETUP = `
window.__pageErrors = []
addEventListener('error', (event) => window.__pageErrors.push(String(event.message)))
addEventListener('unhandledrejection', (event) =>
  window.__pageErrors.push(String((event.reason && event.reason.stack) || event.reason)))
const src = Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, 'src')
Object.defineProperty(HTMLScriptElement.prototype, 'src', {
  ...src,
  set(value) {
    const url = new URL(value, location.href)
    if (url.hostname === 'c.daily.co') {
      value = url.pathname.endsWith('/call-machine-object-bundle.js') ? '${CALL_MACHINE_PATH}' : '/offline'
    }
    src.set.call(this, value)
  },
})
`

const page = (
  widgetOrigin: string,
  slug: string,
  theme: Theme | null,
  width: number,
  line: boolean,
) => `<!doctype html>
<html lang="en">
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>Partner page</title>
${line ? `<style>${PANEL_SPACE_CSS}</style>` : ''}
<style>
  ${FONT_WEIGHTS.map(
    (weight) =>
      `@font-face { font-family: Inter; font-weight: ${weight}; src: url(/fonts/inter-${weight}.woff2) format("woff2"); }`,
  ).join('\n  ')}
  body { margin: 0; font: 16px/1.5 Inter; background: #f8fafc; color: #0f172a; }
  main { max-width: 640px; margin: 0 auto; padding: 24px 16px; }
  h1 { margin: 0 0 16px; font-size: 28px; line-height: 36px; font-weight: 600; }
  .widget-slot { box-sizing: content-box; width: ${width}px; padding: 8px; }
</style>
<script>${PAGE_SETUP}</script>
<script type="module" async src="${widgetOrigin}/widget.mjs"></script>
<main>
  <h1>Try our new receptionist</h1>
  <div class="widget-slot"><voice-demo slug="${slug}"${theme ? ` theme="${theme}"` : ''}></voice-demo></div>
  <p>It answers when the front desk cannot, books visits and hands urgent cases on.</p>
</main>
</html>`

/** Starts the partner's site for a widget served from `widgetOrigin` (the product's origin). */
export async function startPartnerSite(widgetOrigin: string): Promise<PartnerSite> {
  const callMachine = await readFile(FAKE_CALL_MACHINE, 'utf8')
  let held: Promise<void> = Promise.resolve()
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const font = /^\/fonts\/inter-(\d+)\.woff2$/.exec(url.pathname)
    if (url.pathname === '/') {
      const theme = url.searchParams.get('theme') as Theme | null
      const width = Number(url.searchParams.get('width') ?? 544)
      const line = url.searchParams.has('line')
      const html = page(widgetOrigin, url.searchParams.get('slug') ?? '', theme, width, line)
      return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
    }
    if (font && FONT_WEIGHTS.some((weight) => String(weight) === font[1])) {
      const file = await readFile(join(fontFiles, `inter-latin-${font[1]}-normal.woff2`))
      return void response.writeHead(200, { 'content-type': 'font/woff2' }).end(file)
    }
    if (url.pathname === CALL_MACHINE_PATH) {
      await held
      return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(callMachine)
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
  })
  const { url, close } = await listenOnLoopback(server)
  const origin = url.replace('127.0.0.1', 'localhost')
  return {
    pageUrl: ({ slug, theme, width = 544, line = false }) =>
      `${origin}/?${new URLSearchParams({ slug, width: String(width), ...(theme && { theme }), ...(line && { line: '' }) })}`,
    holdCallMachine() {
      let release = () => {}
      held = new Promise((resolve) => (release = resolve))
      return release
    },
    close,
  }
}
