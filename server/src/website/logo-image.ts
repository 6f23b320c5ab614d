import { createHash } from 'node:crypto'
import type { SharpOptions } from 'sharp'
import { loadSharp } from '../common/load-sharp.ts'
import { safeFetch } from './safe-fetch.ts'
import { READER_LIMITS } from './site-page.ts'

/** A business's logo as we keep and serve it: re-encoded by us, never the bytes the site sent. */
export interface StoredLogo {
  /** sha256 (hex) of `bytes`: the same picture from any site is kept once. */
  id: string
  bytes: Buffer
  contentType: 'image/png'
  width: number
  height: number
  /** The candidate's address it came from. */
  sourceUrl: string
}

export interface FetchLogoOptions {
  /** `host:port`s exempt from the public-address rule (WEBSITE_READER_ALLOWED_HOSTS). */
  allowedHosts: ReadonlySet<string>
  signal: AbortSignal
  /** For tests. */
  fetch?: typeof safeFetch
}

/** Candidates tried at most: a site whose first four logos fail has none worth the time. */
const MAX_TRIES = 4
/** Larger pictures are refused unread: decoding one takes memory a logo never needs. */
const MAX_INPUT_PIXELS = 40_000_000
/** Below this (on its longer side) a picture is a favicon, too small to show as a logo. */
const MIN_SIDE = 32
/** The box a logo is fitted into, and the smaller one tried when that is over the byte limit. */
const SIZES = [256, 128] as const

/**
 * The first of the site's logo candidates (best first, as extract/ orders them) that makes a usable
 * picture, fetched like any page (safe-fetch.ts, as an image, at most READER_LIMITS.maxImageBytes) and
 * re-encoded by reencodeLogo. Tries at most four distinct addresses; a candidate that fails for any
 * reason gives way to the next. Null when none did, or the signal aborted first.
 */
export async function fetchLogo(
  candidates: readonly { url: string }[],
  options: FetchLogoOptions,
): Promise<StoredLogo | null> {
  const fetch = options.fetch ?? safeFetch
  const tried = new Set<string>()
  for (const { url } of candidates) {
    if (tried.size >= MAX_TRIES || options.signal.aborted) break
    if (tried.has(url)) continue
    tried.add(url)
    try {
      const fetched = await fetch(url, {
        allowedHosts: options.allowedHosts,
        accept: 'image',
        maxBytes: READER_LIMITS.maxImageBytes,
        signal: options.signal,
      })
      const logo = await reencodeLogo(fetched.body)
      if (logo) return { ...logo, sourceUrl: url }
    } catch {
      // Not a picture we can read, or not reachable: the next candidate.
    }
  }
  return null
}

type Format = 'png' | 'jpeg' | 'gif' | 'webp' | 'avif' | 'svg'

/** How sharp names what each of our formats is decoded by. */
const SHARP_FORMAT: Record<Format, string> = {
  png: 'png',
  jpeg: 'jpeg',
  gif: 'gif',
  webp: 'webp',
  avif: 'heif',
  svg: 'svg',
}

/**
 * A picture from a site made into the logo we keep, or null when it is not one we can use:
 *  - only PNG, JPEG, GIF, WebP, AVIF and SVG, told by their bytes, not by what the site called them
 *    (so a PNG served as .ico is read; a real ICO is skipped: libvips has no ICO reader, and a logo
 *    is rarely only a favicon);
 *  - an SVG is accepted only when its text starts like one (no HTML served as SVG) and has no DTD
 *    subset (entities), and it is drawn to pixels here (librsvg runs no scripts and, reading from
 *    memory, loads nothing from outside): its markup never reaches a browser from us;
 *  - an animated picture, one over 40 megapixels, or one under 32 px on its longer side is refused;
 *  - turned upright by its EXIF orientation, fitted within 256×256 (never enlarged), transparency
 *    kept, metadata dropped, written as PNG at the highest compression, with a palette when it has at
 *    most 256 colours (so nothing is lost); over READER_LIMITS.maxStoredLogoBytes, fitted within
 *    128×128 instead, and refused if still over.
 */
export async function reencodeLogo(body: Buffer): Promise<Omit<StoredLogo, 'sourceUrl'> | null> {
  try {
    return await reencode(body)
  } catch {
    // What the decoder could not read (a truncated or malformed file) is no logo either.
    return null
  }
}

async function reencode(body: Buffer): Promise<Omit<StoredLogo, 'sourceUrl'> | null> {
  const format = formatOf(body)
  if (!format) return null
  const sharp = await loadSharp()
  // The header is read without the pixel limit (nothing is decoded yet): an SVG may declare any size,
  // since it is drawn at ours, and a raster's size is checked below before its pixels are decoded.
  const metadata = await sharp(body, { limitInputPixels: false }).metadata()
  const input: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' }
  if (metadata.format !== SHARP_FORMAT[format] || (metadata.pages ?? 1) > 1) return null
  const { width, height } = metadata.autoOrient ?? metadata
  if (!width || !height) return null
  if (format === 'svg') {
    // Drawn at the density that makes its longer side the largest box: a vector logo is never too
    // small, nor too large (its declared size is only a size to draw at).
    input.density = Math.min(100_000, Math.max(1, (72 * SIZES[0]) / Math.max(width, height)))
  } else if (width * height > MAX_INPUT_PIXELS || Math.max(width, height) < MIN_SIDE) {
    return null
  }

  for (const size of SIZES) {
    const { data, info } = await sharp(body, input)
      .autoOrient()
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
    const raw = { width: info.width, height: info.height, channels: info.channels }
    const png = await sharp(data, { raw })
      .png(
        fewColours(data, info.channels)
          ? { palette: true, colours: 256, quality: 100, dither: 0, compressionLevel: 9, effort: 10 }
          : { compressionLevel: 9, adaptiveFiltering: true },
      )
      .toBuffer({ resolveWithObject: true })
    if (png.data.length <= READER_LIMITS.maxStoredLogoBytes) {
      return {
        id: createHash('sha256').update(png.data).digest('hex'),
        bytes: png.data,
        contentType: 'image/png',
        width: png.info.width,
        height: png.info.height,
      }
    }
  }
  return null
}

/** Whether the pixels use at most 256 colours (transparency included): a palette then loses nothing. */
function fewColours(data: Buffer, channels: number): boolean {
  const seen = new Set<number>()
  for (let i = 0; i + channels <= data.length; i += channels) {
    let colour = 0
    for (let c = 0; c < channels; c++) colour = colour * 256 + (data[i + c] ?? 0)
    seen.add(colour)
    if (seen.size > 256) return false
  }
  return true
}

/** The picture's format by its first bytes, or null for anything else. */
function formatOf(body: Buffer): Format | null {
  if (body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png'
  if (body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return 'jpeg'
  const ascii = body.subarray(0, 12).toString('latin1')
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'gif'
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'webp'
  if (ascii.slice(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii.slice(8, 12))) return 'avif'
  if (looksLikeSvg(body)) return 'svg'
  return null
}

/**
 * An SVG document: after an optional byte-order mark, XML declaration, comments and a `<!DOCTYPE svg>`
 * without an internal subset (where entities are declared), the first element is `<svg`.
 */
function looksLikeSvg(body: Buffer): boolean {
  let text = body
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
  const prologue = /^\s*(<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE\s+svg\b[^>[]*>)/i
  for (let match = prologue.exec(text); match; match = prologue.exec(text)) text = text.slice(match[0].length)
  return /^\s*<svg[\s>/]/i.test(text)
}
