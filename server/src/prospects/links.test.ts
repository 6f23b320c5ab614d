import { describe, expect, it } from 'vitest'
import { PANEL_SPACE_CSS } from '#core/embed-snippet.ts'
import { getProspectLink, getProspectSnippet, LinkSettingsError, resolveLinkSettings } from './links.ts'

describe('resolveLinkSettings', () => {
  it('defaults to the local server, with widget.mjs beside the site', () => {
    expect(resolveLinkSettings({}, {})).toEqual({
      siteUrl: 'http://127.0.0.1:8787',
      widgetUrl: 'http://127.0.0.1:8787/widget.mjs',
      apiBase: null,
    })
  })

  it('reads the site build’s variables, and options win over them', () => {
    const env = {
      SITE_URL: 'https://demos.example.com/',
      WIDGET_SCRIPT_URL: 'https://cdn.example.com/v/widget.mjs',
      SITE_API_BASE: 'https://abc.supabase.co/functions/v1',
    }
    expect(resolveLinkSettings({}, env)).toEqual({
      siteUrl: 'https://demos.example.com',
      widgetUrl: 'https://cdn.example.com/v/widget.mjs',
      apiBase: 'https://abc.supabase.co/functions/v1',
    })
    expect(
      resolveLinkSettings({ siteUrl: 'https://other.example.com', widgetUrl: '/w.js' }, env),
    ).toMatchObject({
      siteUrl: 'https://other.example.com',
      widgetUrl: 'https://other.example.com/w.js',
    })
  })

  it('names the option of a value that is no http(s) URL', () => {
    expect(() => resolveLinkSettings({ siteUrl: 'demos.example.com' }, {})).toThrow(LinkSettingsError)
    expect(() => resolveLinkSettings({ siteUrl: 'demos.example.com' }, {})).toThrow(/--site-url \/ SITE_URL/)
    expect(() => resolveLinkSettings({ apiBase: 'ftp://x' }, {})).toThrow(
      /--api-base .* must be an http\(s\) URL/,
    )
  })
})

describe('links and snippets', () => {
  it('gives the page link and the documented snippet, with api-base only when needed', () => {
    const local = resolveLinkSettings({}, {})
    expect(getProspectLink(local, 'acme')).toBe('http://127.0.0.1:8787/acme')
    expect(getProspectSnippet(local, 'acme')).toBe(
      `<style>${PANEL_SPACE_CSS}</style>\n` +
        '<script type="module" async src="http://127.0.0.1:8787/widget.mjs"></script>\n<voice-demo slug="acme"></voice-demo>',
    )
    const edge = resolveLinkSettings({ apiBase: 'https://abc.supabase.co/functions/v1?a="b"' }, {})
    expect(getProspectSnippet(edge, 'acme')).toContain(
      '<voice-demo slug="acme" api-base="https://abc.supabase.co/functions/v1?a=%22b%22"></voice-demo>',
    )
  })
})
