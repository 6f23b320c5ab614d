import { mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SITE_BUILD_RECORD } from '../../../site/build/site-build-record.ts'
import { loadServerConfig } from '../config.ts'
import { mountStaticFiles, NOT_BUILT_MESSAGE, type StaticDirs } from './static-files.ts'

let root: string
let dirs: StaticDirs
let app: Hono

const SHELL = '<!doctype html><title>shell</title>'
const LANDING = '<!doctype html><title>landing</title>'
const NOT_FOUND_PAGE = '<!doctype html><title>not found</title>'
/** Secrets that must never come back, whatever the path. */
const SECRETS = ['API_KEY=top-secret', '[remote "origin"]', 'sourcesContent', 'outside the build']

function write(path: string, text: string) {
  mkdirSync(join(path, '..'), { recursive: true })
  writeFileSync(path, text)
}

/** The product configured with voice and video calls, behind no proxy unless `env` says so. */
function appWith(staticDirs: StaticDirs, env: Record<string, string> = {}): Hono {
  const config = loadServerConfig({
    VAPI_PUBLIC_KEY: 'pk-test-public',
    VAPI_API_URL: 'https://vapi.example',
    VIDEO_WEBHOOK_URL: 'https://hooks.example/video',
    VIDEO_REPLICA_ID: 'r-1',
    ...env,
  })
  const mounted = new Hono()
  mountStaticFiles(mounted, staticDirs, config)
  return mounted
}

const get = (path: string, headers: Record<string, string> = {}, on: Hono = app) =>
  on.request(path, { headers })

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'static-files-'))
  dirs = { siteDir: join(root, 'site'), widgetDir: join(root, 'widget'), embedDemoDir: join(root, 'embed') }
  write(join(dirs.siteDir, 'index.html'), LANDING)
  write(join(dirs.siteDir, 'app.html'), SHELL)
  write(join(dirs.siteDir, '404.html'), NOT_FOUND_PAGE)
  write(join(dirs.siteDir, 'theme-init.js'), ';(() => {})()')
  write(join(dirs.siteDir, 'assets', 'app-abc123.js'), 'export {}')
  write(join(dirs.siteDir, 'avatars', 'maya.svg'), '<svg/>')
  write(join(dirs.widgetDir, 'widget.mjs'), '/* core */')
  write(join(dirs.widgetDir, 'widget.js'), '/* loader */')
  write(join(dirs.widgetDir, 'widget-chunks', 'panel-x1.js'), 'export const x = 1')
  write(join(dirs.embedDemoDir, 'index.html'), '<h1>demos</h1>')
  write(join(dirs.embedDemoDir, 'scenario', 'index.html'), '<h1>scenario</h1>')
  // What must not be served: dotfiles anywhere, source maps, links out of the build.
  write(join(dirs.siteDir, '.env'), SECRETS[0] as string)
  write(join(dirs.siteDir, '.git', 'config'), SECRETS[1] as string)
  write(join(dirs.siteDir, 'assets', 'app-abc123.js.map'), SECRETS[2] as string)
  write(join(dirs.siteDir, 'assets', '.cache', 'x.js'), SECRETS[0] as string)
  write(join(dirs.widgetDir, '.env'), SECRETS[0] as string)
  write(join(dirs.widgetDir, 'widget-chunks', 'panel-x1.js.map'), SECRETS[2] as string)
  write(join(dirs.embedDemoDir, '.htpasswd'), SECRETS[0] as string)
  write(join(root, 'secret.txt'), SECRETS[3] as string)
  symlinkSync(join(root, 'secret.txt'), join(dirs.siteDir, 'assets', 'linked.js'))
  app = appWith(dirs)
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('static files: only what was built', () => {
  it('answers dotfiles, source maps and links out of the build with the 404 page', async () => {
    for (const path of [
      '/.env',
      '/.git/config',
      '/.git/',
      `/${SITE_BUILD_RECORD}`,
      '/assets/app-abc123.js.map',
      '/assets/.cache/x.js',
      '/assets/linked.js',
      '/widget-chunks/panel-x1.js.map',
      '/widget-chunks/..%2f.env',
      '/embed-demo/.htpasswd',
      '/embed-demo/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e/secret.txt',
    ]) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      const body = await res.text()
      // One segment could be a mangled prospect link: the general demo's page (here the shell);
      // anything deeper is the 404 page.
      const oneSegment = /^\/[^/]+\/?$/.test(new URL(path, 'http://x').pathname) // as the URL reads it
      expect(body, path).toBe(oneSegment ? SHELL : NOT_FOUND_PAGE)
      for (const secret of SECRETS) expect(body, path).not.toContain(secret)
    }
  })

  it("answers the app shell for the site's pages only: /, /{slug} and its own pages under /_/", async () => {
    expect(await (await get('/')).text()).toBe(LANDING)
    for (const path of [
      '/bright-smile-dental',
      '/a1-b2',
      '/_/snippets',
      '/_/onboarding/',
      '/_/deleted',
      '/privacy',
      '/terms',
    ]) {
      const res = await get(path)
      expect(res.status, path).toBe(200)
      expect(await res.text(), path).toBe(SHELL)
      expect(res.headers.get('Cache-Control')).toBe('no-cache')
    }
    // Personal pages are never indexed; the public ones may be.
    expect((await get('/bright-smile-dental')).headers.get('X-Robots-Tag')).toBe('noindex')
    expect((await get('/')).headers.get('X-Robots-Tag')).toBeNull()
    expect((await get('/privacy')).headers.get('X-Robots-Tag')).toBeNull()
  })

  it('sends a prospect link that a mail client or a spreadsheet changed to its canonical address', async () => {
    for (const path of [
      '/Bright-Smile-Dental',
      '/bright-smile-dental/',
      '/bright-smile-dental.',
      '/bright-smile-dental%20',
      '/%20BRIGHT-smile-dental%20.//',
    ]) {
      const res = await get(path)
      expect(res.status, path).toBe(301)
      expect(res.headers.get('Location'), path).toBe('/bright-smile-dental')
    }
    expect((await get('/Visitor?utm_source=mail')).headers.get('Location')).toBe('/visitor?utm_source=mail')
  })

  it('answers a malformed link with the general demo (status 404), and a deeper path with the 404 page', async () => {
    for (const path of ['/.env', '/Not_A_Slug', '/wp-login.php', '/_']) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('X-Robots-Tag'), path).toBe('noindex')
      expect(await res.text(), path).toBe(SHELL)
    }
    for (const path of ['/a/b', '/_/nope', '/%E0%A4%A']) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
      expect(await res.text(), path).toBe(NOT_FOUND_PAGE)
    }
    // The API's own misses stay the API's (JSON from the app), never a page.
    expect(await (await get('/api/unknown')).text()).not.toBe(NOT_FOUND_PAGE)
  })

  it('serves built files as themselves, hashed ones immutable, entries revalidated, the widget CORS-open', async () => {
    const asset = await get('/assets/app-abc123.js')
    expect(await asset.text()).toBe('export {}')
    expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(asset.headers.get('Access-Control-Allow-Origin')).toBeNull()
    expect((await get('/avatars/maya.svg')).headers.get('Content-Type')).toBe('image/svg+xml')
    expect((await get('/theme-init.js')).headers.get('Cache-Control')).toBe('no-cache')
    for (const [path, cache] of [
      ['/widget.mjs', 'no-cache'],
      ['/widget.js', 'no-cache'],
      ['/widget-chunks/panel-x1.js', 'public, max-age=31536000, immutable'],
    ] as const) {
      const res = await get(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('Cache-Control'), path).toBe(cache)
      expect(res.headers.get('Access-Control-Allow-Origin'), path).toBe('*')
      expect(res.headers.get('X-Content-Type-Options'), path).toBe('nosniff')
    }
  })

  it('sends brotli when asked, and 304 for the version the browser has', async () => {
    const source = `export const words = ${JSON.stringify('tailored voice agent '.repeat(400))}\n`
    write(join(dirs.widgetDir, 'widget-chunks', 'big-x2.js'), source)
    const br = await get('/widget-chunks/big-x2.js', { 'Accept-Encoding': 'gzip, br' })
    expect(br.headers.get('Content-Encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(source)
    const etag = br.headers.get('ETag') ?? ''
    expect(etag).toMatch(/^W\/"[\da-f]+-[\da-f]+"$/)
    const again = await get('/widget-chunks/big-x2.js', { 'If-None-Match': etag })
    expect(again.status).toBe(304)
    expect(again.headers.get('Access-Control-Allow-Origin')).toBe('*')
  })

  it('serves what a build adds while the server runs, and stops serving what it removes', async () => {
    expect((await get('/widget-chunks/late-x3.js')).status).toBe(404)
    write(join(dirs.widgetDir, 'widget-chunks', 'late-x3.js'), 'export {}')
    expect((await get('/widget-chunks/late-x3.js')).status).toBe(200)
    unlinkSync(join(dirs.widgetDir, 'widget-chunks', 'late-x3.js'))
    expect((await get('/widget-chunks/late-x3.js')).status).toBe(404)
  })

  it('serves the embed demos, redirecting directories to their trailing slash', async () => {
    expect((await get('/embed-demo')).headers.get('Location')).toBe('/embed-demo/')
    expect(await (await get('/embed-demo/')).text()).toBe('<h1>demos</h1>')
    expect((await get('/embed-demo/scenario')).headers.get('Location')).toBe('/embed-demo/scenario/')
    expect(await (await get('/embed-demo/scenario/')).text()).toBe('<h1>scenario</h1>')
    expect((await get('/embed-demo/missing.html')).status).toBe(404)
  })

  it('says "Not built yet" while a build directory is missing, and serves it once built', async () => {
    const later = { ...dirs, siteDir: join(root, 'later-site'), widgetDir: join(root, 'later-widget') }
    const unbuilt = appWith(later)
    for (const path of ['/', '/bright-smile-dental', '/widget.mjs', '/.env']) {
      const res = await get(path, {}, unbuilt)
      expect(res.status, path).toBe(503)
      expect(await res.text()).toBe(NOT_BUILT_MESSAGE)
    }
    write(join(later.siteDir, 'index.html'), LANDING)
    expect(await (await get('/', {}, unbuilt)).text()).toBe(LANDING)
  })
})

describe('static files: security headers', () => {
  it('gives our pages, the 404 page included, the CSP, anti-framing and the Permissions-Policy', async () => {
    for (const path of ['/', '/bright-smile-dental', '/_/snippets', '/.env']) {
      const headers = (await get(path)).headers
      expect(headers.get('Content-Security-Policy'), path).toContain("frame-ancestors 'none'")
      expect(headers.get('Content-Security-Policy'), path).toContain("script-src 'self'")
      expect(headers.get('X-Frame-Options'), path).toBe('DENY')
      expect(headers.get('X-Content-Type-Options'), path).toBe('nosniff')
      expect(headers.get('Referrer-Policy'), path).toBe('strict-origin-when-cross-origin')
      expect(headers.get('Permissions-Policy'), path).toContain('geolocation=()')
      expect(headers.get('Strict-Transport-Security'), path).toBeNull() // plain http
    }
  })

  it("allows the origins this server's configuration uses: Vapi's API and the video hosts", async () => {
    const policy = (await get('/')).headers.get('Content-Security-Policy') ?? ''
    expect(policy).toContain('https://vapi.example')
    expect(policy).toMatch(
      /frame-src https:\/\/calendly\.com https:\/\/tavus\.daily\.co https:\/\/\*\.daily\.co/,
    )
    const permissions = (await get('/')).headers.get('Permissions-Policy') ?? ''
    expect(permissions).toContain('camera=(self "https://tavus.daily.co" "https://*.daily.co")')
  })

  it("follows the site build's record: its API origin, booking off", async () => {
    const siteDir = join(root, 'site-with-record')
    write(join(siteDir, 'index.html'), LANDING)
    const record = { SITE_API_BASE: 'https://ref.supabase.co/functions/v1', CALENDLY_URL: '' }
    write(join(siteDir, SITE_BUILD_RECORD), JSON.stringify(record))
    const policy = (await get('/', {}, appWith({ ...dirs, siteDir }))).headers.get('Content-Security-Policy')
    expect(policy).toContain("connect-src 'self' https://ref.supabase.co ")
    expect(policy).not.toContain('calendly')
  })

  it("keeps the widget's files and the partner stand-ins free of our policy", async () => {
    for (const path of [
      '/widget.mjs',
      '/widget-chunks/panel-x1.js',
      '/embed-demo/',
      '/embed-demo/scenario/',
    ]) {
      const headers = (await get(path)).headers
      for (const name of ['Content-Security-Policy', 'X-Frame-Options', 'Permissions-Policy']) {
        expect(headers.get(name), `${path} ${name}`).toBeNull()
      }
    }
    expect((await get('/embed-demo/')).headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
  })

  it('sends HSTS over https only: the request scheme, or X-Forwarded-Proto behind a trusted proxy', async () => {
    const hsts = async (url: string, headers: Record<string, string>, on: Hono) =>
      (await on.request(url, { headers })).headers.get('Strict-Transport-Security')
    expect(await hsts('https://demo.example/', {}, app)).toBe('max-age=31536000')
    expect(await hsts('https://demo.example/embed-demo/', {}, app)).toBe('max-age=31536000')
    expect(await hsts('http://demo.example/', { 'X-Forwarded-Proto': 'https' }, app)).toBeNull()
    const proxied = appWith(dirs, { TRUSTED_PROXY_HEADER: 'x-forwarded-for' })
    expect(await hsts('http://demo.example/', { 'X-Forwarded-Proto': 'https' }, proxied)).toBe(
      'max-age=31536000',
    )
    expect(await hsts('http://demo.example/', { 'X-Forwarded-Proto': 'http' }, proxied)).toBeNull()
    expect(await hsts('https://demo.example/widget.mjs', {}, app)).toBeNull() // a script, not a page
  })
})
