import { describe, expect, it } from 'vitest'
import { LANDING_PREVIEW, withLandingPreview, withTitle } from './prerender-heads.ts'

const SHELL = `<head>
    <meta name="description" content="Acme &amp; Co builds AI voice agents." />
    <title>Acme &amp; Co</title>
  </head>`

describe('the prerendered pages’ heads', () => {
  it('gives a page its own title, as the page sets it, and its own description, escaped', () => {
    const head = withTitle(SHELL, 'Privacy', 'What "we" keep & why', 'Acme & Co')
    expect(head).toContain('<title>Privacy · Acme &amp; Co</title>')
    expect(head).toContain('<meta name="description" content="What &quot;we&quot; keep &amp; why" />')
    expect(head.match(/<meta name="description"/g)).toHaveLength(1)
  })

  it('gives the landing page its preview, with absolute addresses and og:url when SITE_URL is known', () => {
    const head = withLandingPreview(SHELL, 'Acme & Co', 'https://acme.example')
    expect(head).toContain('<meta property="og:url" content="https://acme.example/" />')
    expect(head).toContain('<link rel="canonical" href="https://acme.example/" />')
    expect(head).toContain(
      `<meta property="og:image" content="https://acme.example${LANDING_PREVIEW.path}" />`,
    )
    expect(head).toContain(
      `<meta name="twitter:image" content="https://acme.example${LANDING_PREVIEW.path}" />`,
    )
    expect(head).toContain(
      '<meta property="og:description" content="Acme &amp; Co builds AI voice agents." />',
    )
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />')
    expect(head).toContain('<meta property="og:image:width" content="1200" />')
  })

  it('names no page address without SITE_URL, and the picture from the root for the server to complete', () => {
    const head = withLandingPreview(SHELL, 'Acme', null)
    expect(head).not.toContain('og:url')
    expect(head).not.toContain('canonical')
    expect(head).toContain(`<meta property="og:image" content="${LANDING_PREVIEW.path}" />`)
  })
})
