import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadServerConfig } from '../config.ts'
import { mountStaticFiles } from './static-files.ts'

let root: string
let app: Hono

/** Some kilobytes of varied words, as a landing page has: enough that brotli's qualities differ. */
const WORDS = Array.from({ length: 3000 }, (_, index) => `w${(index * 7919) % 1009}`).join(' ')

const page = (title: string, body: string) =>
  `<!doctype html><head><meta property="og:image" content="/og-landing.jpg" />` +
  `<link rel="stylesheet" crossorigin href="/assets/index-abc.css"><script src="/theme-init.js" ></script>` +
  `<title>${title}</title></head><body><div id="root">${body}</div></body>`

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'prerendered-pages-'))
  const site = join(root, 'site')
  mkdirSync(join(site, 'assets'), { recursive: true })
  writeFileSync(join(site, 'index.html'), page('landing', `<h1>Landing</h1><p>${WORDS}</p>`))
  writeFileSync(join(site, 'privacy.html'), page('Privacy', '<h1>Privacy</h1>'))
  writeFileSync(join(site, 'terms.html'), page('Terms', '<h1>Terms</h1>'))
  writeFileSync(join(site, 'app.html'), '<!doctype html><title>shell</title><div id="root"></div>')
  writeFileSync(join(site, 'assets', 'index-abc.css'), 'body{color:red}')
  writeFileSync(join(site, 'theme-init.js'), ';(() => {})()')
  app = new Hono()
  mountStaticFiles(
    app,
    { siteDir: site, widgetDir: join(root, 'w'), embedDemoDir: join(root, 'e') },
    loadServerConfig({}),
  )
})

afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('pages rendered at build', () => {
  it('serves the legal pages from their own files, the other site pages from the shell', async () => {
    for (const [path, heading] of [
      ['/privacy', 'Privacy'],
      ['/terms/', 'Terms'],
      ['/', 'Landing'],
    ] as const) {
      const response = await app.request(path)
      expect(response.status).toBe(200)
      expect(await response.text()).toContain(`<h1>${heading}</h1>`)
    }
    expect(await (await app.request('/_/onboarding')).text()).toContain('<title>shell</title>')
  })

  it('sends them with the stylesheet and theme script inline, allowed by hash, and a complete preview address', async () => {
    const response = await app.request('http://site.example/')
    const html = await response.text()
    expect(html).toContain('<style>body{color:red}</style>')
    expect(html).toContain('<script>;(() => {})()</script>')
    expect(html).not.toContain('href="/assets/index-abc.css"')
    expect(html).toContain('<meta property="og:image" content="http://site.example/og-landing.jpg" />')
    const policy = response.headers.get('Content-Security-Policy') ?? ''
    expect(policy).toMatch(/style-src 'self'[^;]* 'sha256-[^']+'/)
    expect(policy).toMatch(/script-src 'self'[^;]* 'sha256-[^']+'/)
    expect(policy).not.toMatch(/(style|script)-src [^;]*unsafe/)
    expect(response.headers.get('Cache-Control')).toBe('no-cache')

    const etag = response.headers.get('ETag') ?? ''
    expect(etag).not.toBe('')
    expect((await app.request('http://site.example/', { headers: { 'If-None-Match': etag } })).status).toBe(
      304,
    )
  })

  it("compresses them once at brotli's best quality: the build made them, and a slow link pays per byte", async () => {
    const plain = await (await app.request('http://site.example/')).text()
    const response = await app.request('http://site.example/', { headers: { 'Accept-Encoding': 'br' } })
    expect(response.headers.get('Content-Encoding')).toBe('br')
    const body = new Uint8Array(await response.arrayBuffer())
    expect(brotliDecompressSync(body).toString()).toBe(plain)
    const atQuality = (quality: number) =>
      brotliCompressSync(plain, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
        },
      }).length
    expect(body.length).toBe(atQuality(constants.BROTLI_MAX_QUALITY))
    expect(body.length).toBeLessThan(atQuality(5))
  })

  it('names the preview from SITE_URL when it is set', async () => {
    const published = new Hono()
    const site = join(root, 'site')
    mountStaticFiles(
      published,
      { siteDir: site, widgetDir: join(root, 'w'), embedDemoDir: join(root, 'e') },
      {
        ...loadServerConfig({}),
        siteUrl: 'https://acme.example',
      },
    )
    const html = await (await published.request('http://127.0.0.1/')).text()
    expect(html).toContain('<meta property="og:image" content="https://acme.example/og-landing.jpg" />')
  })
})
