import { createHash, randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type FixtureSiteServer, startFixtureSiteServer } from '../testing/fixture-site-server.ts'
import { fetchLogo, reencodeLogo, type StoredLogo } from './logo-image.ts'
import { READER_LIMITS } from './site-page.ts'

// Pictures are made here with sharp and served from a loopback site, exempted by its host:port.

const LIMIT = READER_LIMITS.maxStoredLogoBytes

/** A blue rectangle whose top third is transparent: two colours and transparency. */
function twoColourPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 4)
  for (let i = Math.floor(height / 3) * width; i < width * height; i++) pixels.set([20, 120, 200, 255], i * 4)
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer()
}

/** Random pixels: what no palette or compression can shrink. */
function noise(width: number, height: number) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
}

const svg = (body: string, attributes = 'width="64" height="32" viewBox="0 0 64 32"') =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<!-- Bright Smile's logo -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attributes}>${body}</svg>`)

let site: FixtureSiteServer
const png = (body: Buffer) => ({ headers: { 'Content-Type': 'image/png' }, body })

beforeAll(async () => {
  site = await startFixtureSiteServer()
})
afterAll(() => site?.close())
afterEach(() => {
  site.requests.length = 0
})

const options = () => ({ allowedHosts: new Set([site.host]), signal: AbortSignal.timeout(30_000) })
const at = (path: string) => ({ url: `${site.url}${path}` })

/** What every kept logo is: PNG of at most 200 KB and 256 px, named by the hash of its bytes. */
async function expectStored(logo: StoredLogo | null): Promise<StoredLogo> {
  expect(logo).not.toBeNull()
  const stored = logo as StoredLogo
  expect(stored.contentType).toBe('image/png')
  expect(stored.bytes.length).toBeLessThanOrEqual(LIMIT)
  expect(stored.id).toBe(createHash('sha256').update(stored.bytes).digest('hex'))
  const metadata = await sharp(stored.bytes).metadata()
  expect(metadata).toMatchObject({ format: 'png', width: stored.width, height: stored.height })
  expect(Math.max(stored.width, stored.height)).toBeLessThanOrEqual(256)
  // Nothing of the original's metadata comes along.
  expect(metadata.exif).toBeUndefined()
  expect(metadata.icc).toBeUndefined()
  expect(metadata.xmp).toBeUndefined()
  expect(metadata.comments ?? []).toEqual([])
  return stored
}

describe('fetchLogo', () => {
  it('fits a PNG within 256 px, keeps its transparency, and uses a palette for few colours', async () => {
    site.route('/logo.png', png(await twoColourPng(600, 300)))
    const logo = await expectStored(await fetchLogo([at('/logo.png')], options()))
    expect(logo).toMatchObject({ width: 256, height: 128, sourceUrl: `${site.url}/logo.png` })
    const metadata = await sharp(logo.bytes).metadata()
    expect(metadata.hasAlpha).toBe(true)
    expect(metadata.isPalette).toBe(true)
    const corner = await sharp(logo.bytes).ensureAlpha().raw().toBuffer()
    expect(corner[3]).toBe(0) // the transparent band is still transparent
  })

  it('never enlarges a small logo, and refuses a favicon-sized one', async () => {
    site.route('/small.png', png(await twoColourPng(48, 40)))
    site.route('/favicon.png', png(await twoColourPng(16, 16)))
    expect(await fetchLogo([at('/favicon.png')], options())).toBeNull()
    const logo = await expectStored(await fetchLogo([at('/favicon.png'), at('/small.png')], options()))
    expect(logo).toMatchObject({ width: 48, height: 40, sourceUrl: `${site.url}/small.png` })
  })

  it('turns a JPEG upright by its EXIF orientation and drops its metadata', async () => {
    const jpeg = await noise(400, 300)
      .jpeg({ quality: 80 })
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Copyright: 'Bright Smile' } })
      .toBuffer()
    expect((await sharp(jpeg).metadata()).orientation).toBe(6)
    site.route('/photo.jpg', { headers: { 'Content-Type': 'image/jpeg' }, body: jpeg })
    const logo = await expectStored(await fetchLogo([at('/photo.jpg')], options()))
    expect(logo).toMatchObject({ width: 192, height: 256 })
    expect((await sharp(logo.bytes).metadata()).isPalette).toBe(false) // a photo keeps its colours
  })

  it('draws an SVG to pixels, scripts and outside references and all, and loads nothing', async () => {
    site.route('/tracker.png', png(await twoColourPng(64, 64)))
    const body = svg(`
      <script>fetch('${site.url}/from-script')</script>
      <rect width="64" height="32" fill="#1478c8" onload="alert(1)"/>
      <image href="${site.url}/tracker.png" xlink:href="${site.url}/tracker.png" width="10" height="10"/>`)
    site.route('/logo.svg', { headers: { 'Content-Type': 'image/svg+xml' }, body })
    const logo = await expectStored(await fetchLogo([at('/logo.svg')], options()))
    // Drawn at the size it is shown at, however small it says it is.
    expect(logo).toMatchObject({ width: 256, height: 128 })
    expect(logo.bytes.subarray(1, 4).toString()).toBe('PNG')
    expect(site.requests.map((r) => r.url)).toEqual(['/logo.svg'])
  })

  it('draws an SVG that declares a huge size at the size it is shown at', async () => {
    const body = svg(
      '<circle cx="50" cy="50" r="40" fill="red"/>',
      'width="100000" height="100000" viewBox="0 0 100 100"',
    )
    site.route('/huge.svg', { headers: { 'Content-Type': 'image/svg+xml' }, body })
    expect(await expectStored(await fetchLogo([at('/huge.svg')], options()))).toMatchObject({
      width: 256,
      height: 256,
    })
  })

  it('refuses what is not a picture: HTML as a logo, HTML called SVG or PNG, an SVG with entities', async () => {
    const html = Buffer.from('<!DOCTYPE html><html><body><svg width="64" height="64"></svg></body></html>')
    site.route('/logo.html', { headers: { 'Content-Type': 'text/html' }, body: html })
    site.route('/html.svg', { headers: { 'Content-Type': 'image/svg+xml' }, body: html })
    site.route('/html.png', png(html))
    const entities = Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><text>&b;</text></svg>',
    )
    site.route('/entities.svg', { headers: { 'Content-Type': 'image/svg+xml' }, body: entities })
    for (const path of ['/logo.html', '/html.svg', '/html.png', '/entities.svg']) {
      expect(await fetchLogo([at(path)], options())).toBeNull()
    }
  })

  it('skips an ICO file, but reads a PNG served as one', async () => {
    // An ICO header (one 32×32 image) followed by nothing sharp could read.
    const ico = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0, 32, 32, 0, 0, 1, 0, 32, 0]), Buffer.alloc(64)])
    site.route('/favicon.ico', { headers: { 'Content-Type': 'image/x-icon' }, body: ico })
    site.route('/png.ico', {
      headers: { 'Content-Type': 'image/vnd.microsoft.icon' },
      body: await twoColourPng(64, 64),
    })
    expect(await fetchLogo([at('/favicon.ico')], options())).toBeNull()
    await expectStored(await fetchLogo([at('/png.ico')], options()))
  })

  it('refuses an animated picture', async () => {
    const frames = 3
    const animated = await sharp(randomBytes(40 * 40 * 3 * frames), {
      raw: { width: 40, height: 40 * frames, channels: 3, pageHeight: 40 },
    })
      .gif()
      .toBuffer()
    expect((await sharp(animated).metadata()).pages).toBe(frames)
    site.route('/animated.gif', { headers: { 'Content-Type': 'image/gif' }, body: animated })
    expect(await fetchLogo([at('/animated.gif')], options())).toBeNull()
  })

  it('refuses a picture over 40 megapixels unread, however small its file', async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: 'white' } })
      .png({ compressionLevel: 9 })
      .toBuffer()
    expect(huge.length).toBeLessThan(READER_LIMITS.maxImageBytes)
    site.route('/huge.png', png(huge))
    expect(await fetchLogo([at('/huge.png')], options())).toBeNull()
  })

  it('shrinks a big noisy picture until it fits in 200 KB', async () => {
    const big = await noise(400, 400)
      .resize(4000, 4000, { kernel: 'nearest' })
      .jpeg({ quality: 60 })
      .toBuffer()
    expect(big.length).toBeLessThan(READER_LIMITS.maxImageBytes)
    site.route('/big.jpg', { headers: { 'Content-Type': 'image/jpeg' }, body: big })
    const logo = await expectStored(await fetchLogo([at('/big.jpg')], options()))
    expect(logo.width).toBe(logo.height)
    expect(logo.width).toBeLessThanOrEqual(256)
    // Random pixels with random transparency take 256 KB at 256×256, however compressed: 128 px fits.
    const rgba = await sharp(randomBytes(256 * 256 * 4), { raw: { width: 256, height: 256, channels: 4 } })
      .png()
      .toBuffer()
    expect(rgba.length).toBeGreaterThan(LIMIT)
    site.route('/noise.png', png(rgba))
    expect(await expectStored(await fetchLogo([at('/noise.png')], options()))).toMatchObject({
      width: 128,
      height: 128,
    })
  })

  it('tries candidates in order, at most four distinct, and gives null when all fail', async () => {
    site.route('/good.png', png(await twoColourPng(100, 100)))
    const failing = ['/missing-1.png', '/missing-1.png', '/missing-2.png', '/missing-3.png', '/missing-4.png']
    expect(await fetchLogo([...failing, '/good.png'].map(at), options())).toBeNull()
    expect(site.requests.map((r) => r.url)).toEqual([
      '/missing-1.png',
      '/missing-2.png',
      '/missing-3.png',
      '/missing-4.png',
    ])
    site.requests.length = 0
    const logo = await fetchLogo(['/missing-1.png', '/good.png', '/good.png'].map(at), options())
    expect(logo?.sourceUrl).toBe(`${site.url}/good.png`)
    expect(site.requests.map((r) => r.url)).toEqual(['/missing-1.png', '/good.png'])
    expect(await fetchLogo([], options())).toBeNull()
  })

  it('fetches like any page: a private address is not fetched, nor anything after the deadline', async () => {
    site.route('/good.png', png(await twoColourPng(100, 100)))
    expect(
      await fetchLogo([at('/good.png')], { allowedHosts: new Set(), signal: AbortSignal.timeout(30_000) }),
    ).toBeNull()
    expect(await fetchLogo([at('/good.png')], { ...options(), signal: AbortSignal.abort() })).toBeNull()
    expect(site.requests).toEqual([])
  })

  it('keeps the same picture under the same id', async () => {
    const bytes = await twoColourPng(120, 80)
    const [a, b] = await Promise.all([reencodeLogo(bytes), reencodeLogo(bytes)])
    expect(a?.id).toBe(b?.id)
    expect(await reencodeLogo(Buffer.from('not a picture'))).toBeNull()
    expect(await reencodeLogo(bytes.subarray(0, 60))).toBeNull() // cut short
  })
})
