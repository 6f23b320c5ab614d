import { describe, expect, it } from 'vitest'
import type { ProspectResponse } from '#core/prospect.ts'
import { canonicalProspectPath, fillShell, prospectPageHead } from './prospect-pages.ts'

const answer = (slug: string, name: string, companyName: string): ProspectResponse => ({
  prospect: {
    slug,
    name,
    companyName,
    firstMessage: 'Hi',
    system: 'S',
    variables: { name, company_name: companyName },
    assistantId: null,
  },
  fallback: false,
  features: { browserCall: true, phoneCall: true, videoCall: false },
  unavailableReason: '',
})
const OPTIONS = { productName: 'CallPilot', siteUrl: 'https://demo.example.com' }

describe('canonicalProspectPath', () => {
  it.each([
    ['/Bright-Smile-Dental', '/bright-smile-dental'],
    ['/bright-smile-dental/', '/bright-smile-dental'],
    ['/bright-smile-dental.', '/bright-smile-dental'],
    ['/bright-smile-dental%20', '/bright-smile-dental'],
    ['/%20Acme%0A', '/acme'],
  ])('%s → %s', (path, canonical) => expect(canonicalProspectPath(path)).toBe(canonical))

  it.each(['/bright-smile-dental', '/', '/a/b', '/_/onboarding/', '/Not_A_Slug', '/%E0%A4%A', '/Privacy'])(
    'leaves %s alone',
    (path) => expect(canonicalProspectPath(path)).toBeNull(),
  )
})

describe('prospectPageHead', () => {
  it("names the prospect's company in the title and preview, with absolute URLs and noindex", () => {
    const head = prospectPageHead(
      answer('bright-smile-dental', 'Dr. Maya Patel', 'Bright Smile Dental'),
      'bright-smile-dental',
      OPTIONS,
    )
    expect(head).toContain('<title>A voice agent built for Bright Smile Dental · CallPilot</title>')
    expect(head).toContain(
      '<meta property="og:title" content="A voice agent built for Bright Smile Dental" />',
    )
    expect(head).toContain('<meta name="robots" content="noindex" />')
    expect(head).toContain('<link rel="canonical" href="https://demo.example.com/bright-smile-dental" />')
    expect(head).toContain('<meta property="og:image" content="https://demo.example.com/og-image.jpg" />')
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />')
  })

  it('names the prospect’s own picture where it is served, and the generic one for the general demo', () => {
    const own = { ...OPTIONS, prospectPicture: true }
    const head = prospectPageHead(
      answer('bright-smile-dental', 'Ana Ruiz', 'Bright Smile Dental'),
      'bright-smile-dental',
      own,
    )
    const picture = 'https://demo.example.com/bright-smile-dental/preview.png'
    expect(head).toContain(`<meta property="og:image" content="${picture}" />`)
    expect(head).toContain(`<meta name="twitter:image" content="${picture}" />`)
    expect(head).toContain('<meta property="og:image:type" content="image/png" />')
    expect(head).toContain(
      '<meta property="og:image:alt" content="A voice agent built for Bright Smile Dental, for Ana Ruiz · CallPilot" />',
    )
    const general = prospectPageHead(answer('visitor', 'there', 'your business'), 'no-such-link', own)
    expect(general).toContain('<meta property="og:image" content="https://demo.example.com/og-image.jpg" />')
  })

  it('escapes what a prospect record holds, so no name can add markup to the head', () => {
    const head = prospectPageHead(answer('x', '"><script>alert(1)</script>', 'A & B <i>'), 'x', OPTIONS)
    expect(head).not.toContain('<script>')
    expect(head).not.toContain('<i>')
    expect(head).toContain('A &amp; B &lt;i&gt;')
  })

  it('gives the general demo words for a visitor we do not know', () => {
    const head = prospectPageHead(answer('visitor', 'there', 'your business'), 'no-such-link', OPTIONS)
    expect(head).toContain('<title>Talk to an AI voice agent · CallPilot</title>')
    expect(head).not.toMatch(/there|built for your business/)
  })
})

describe('fillShell', () => {
  const shell =
    '<html><head><meta name="description" content="Generic" />\n<title>CallPilot</title></head><body><div id="root"></div></body></html>'

  it('puts the head in place of the title and description, and the body in the root', () => {
    const page = fillShell(shell, '<title>T</title>', '<main>$& $1 hi</main>')
    expect(page).toBe(
      '<html><head><title>T</title></head><body><div id="root"><main>$& $1 hi</main></div></body></html>',
    )
  })

  it('refuses a shell it cannot fill', () => {
    expect(() => fillShell('<html></html>', '', '')).toThrow(/no empty root/)
  })
})
