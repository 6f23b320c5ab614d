import { expect, it } from 'vitest'
import type { ProspectResponse } from '#core/prospect.ts'
import { EARLY_PRESS_SCRIPT } from '../../../widget/src/element/early-press.ts'
import { drawPanel } from './drawn-panel.ts'
import { createRenderedPages, type PageRequest } from './rendered-pages.ts'

const HOSTILE = `Evil & Co </template></voice-demo><script>alert(1)</script><img src=x onerror=alert(2)>`

const answer = (companyName: string, phoneCall = true): ProspectResponse => ({
  prospect: {
    slug: 'acme',
    name: 'Ann',
    companyName,
    firstMessage: 'Hi',
    system: 'S',
  } as ProspectResponse['prospect'],
  fallback: false,
  features: { browserCall: true, phoneCall, videoCall: false } as ProspectResponse['features'],
  unavailableReason: phoneCall ? '' : 'Phone calls are off <b>today</b>.',
})

/** The section as the site renders it: the element carries the page's answer (escaped by React). */
const page = (theme = 'dark') =>
  `<section><h2>Ready?</h2><div><voice-demo slug="acme" class="block" back-navigation="" theme="${theme}" ` +
  `data-prospect="{&quot;prospect&quot;:{}}" data-for="acme"></voice-demo></div></section>`

it("draws the panel as the element's first child, in its theme, with the widget's stylesheet", () => {
  const drawn = drawPanel(page(), '.panel-body{display:flex}', answer('Acme Dental'))
  expect(drawn?.html).toMatch(
    /data-for="acme"><template shadowrootmode="open"><style>\.panel-body\{display:flex\}[^<]*<\/style><section data-theme="dark"/,
  )
  expect(drawn?.html).toContain(
    '<h2 class="panel-title text-lg font-semibold text-balance text-ink">Built for Acme Dental</h2>',
  )
  expect(drawn?.html).toContain('</section></template></voice-demo></div></section>')
  expect(drawn?.style.startsWith('.panel-body{display:flex}')).toBe(true)
})

it("keeps a hostile company name and the server's reason as text, closing nothing", () => {
  const drawn = drawPanel(page('light'), 'p{}', answer(HOSTILE, false))
  const html = drawn?.html ?? ''
  expect(html).toContain(
    'Built for Evil &amp; Co &lt;/template&gt;&lt;/voice-demo&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;</h2>',
  )
  expect(html).toContain('Phone calls are off &lt;b&gt;today&lt;/b&gt;.</p>')
  expect(html.match(/<\/template>/g)).toHaveLength(1)
  expect(html).not.toContain('<script>')
  expect(html).not.toContain('<img')
  // The phone button says it is off, as the widget's panel does.
  expect(html).toMatch(/aria-haspopup="dialog" aria-disabled="true" aria-describedby="demo-status"/)
})

it('leaves a page without the panel, or a stylesheet that could close its element, as it was', () => {
  expect(drawPanel('<main><voice-demo slug="acme"></voice-demo></main>', 'p{}', answer('Acme'))).toBeNull()
  expect(drawPanel(page(), 'p{}</style><script>alert(1)</script>', answer('Acme'))).toBeNull()
})

const hashOf = async (text: string) =>
  `'sha256-${Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('base64')}'`

it('sends the drawn page with its stylesheet and its early-press script allowed by hash, and neither without the stylesheet', async () => {
  const response = answer('Acme Dental')
  const base: PageRequest = {
    answer: { response, json: JSON.stringify(response), etag: '"e"' },
    slug: 'acme',
    pathname: '/acme',
    shell: {
      etag: 'W/"1"',
      text: '<head><meta name="description" content="x" />\n<title>x</title></head><div id="root"></div>',
    },
    renderer: { renderProspectPage: () => page() },
    productName: 'CallPilot',
    siteUrl: 'https://site.example',
  }
  const pages = createRenderedPages(async () => null)
  const drawn = await pages({ ...base, panelCss: { etag: 'W/"css"', text: 'p{}' } })
  const html = new TextDecoder().decode(drawn.file.identity)
  expect(html).toContain('<template shadowrootmode="open"><style>p{}')
  const style = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? ''
  expect(drawn.styleHashes).toEqual([await hashOf(style)])
  // The script that keeps a press on the drawn buttons before widget.mjs: in the head, before the body.
  const script = /<head>.*<script>([^<]*)<\/script>.*<\/head>/s.exec(html)?.[1]
  expect(script).toBe(EARLY_PRESS_SCRIPT)
  expect(drawn.scriptHashes).toEqual([await hashOf(EARLY_PRESS_SCRIPT)])

  const plain = await pages({ ...base, panelCss: null })
  const plainHtml = new TextDecoder().decode(plain.file.identity)
  expect(plainHtml).not.toContain('<template')
  expect(plainHtml).not.toContain('<script>')
  expect([plain.styleHashes, plain.scriptHashes]).toEqual([[], []])
})
