import type { Stats } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

import type { Bytes, EncodedFile } from './encoded-file.ts'

export type { Bytes, EncodedFile }

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Text worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json)|image\/svg\+xml)/
/** Brotli's best quality is slow on large files; above this size a faster quality still saves most. */
const BEST_QUALITY_MAX_BYTES = 128 * 1024

/**
 * Each file's current version (size, mtime) read and compressed once, in the thread pool, then served
 * from memory, as a CDN serves precompressed files: no per-request compression on the critical path of
 * a page that loads the widget. A rebuilt file has a new mtime, and its entry replaces the old one.
 */
const files = new Map<string, { etag: string; file: Promise<EncodedFile> }>()

export function loadEncodedFile(full: string, info: Stats, contentType: string): Promise<EncodedFile> {
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`
  const cached = files.get(full)
  if (cached?.etag === etag) return cached.file
  const file = encode(full, etag, COMPRESSIBLE.test(contentType))
  files.set(full, { etag, file })
  // A failed read (the file vanished between stat and read) must not stay cached.
  file.catch(() => files.get(full)?.file === file && files.delete(full))
  return file
}

async function encode(full: string, etag: string, compressible: boolean): Promise<EncodedFile> {
  const identity = (await readFile(full)) as Bytes
  if (!compressible) return { etag, identity, br: null, gzip: null }
  return encodeBytes(identity, etag, bestSettings(identity))
}

/** Brotli's and gzip's best qualities for `identity`, within the time a body read once can take. */
const bestSettings = (identity: Bytes) => ({
  brotliQuality: identity.length <= BEST_QUALITY_MAX_BYTES ? constants.BROTLI_MAX_QUALITY : 6,
  gzipLevel: 9,
})

/**
 * `identity` with its brotli and gzip versions, in the thread pool; an encoding that saves nothing (or
 * a body under 1 KB) is left out.
 */
export async function encodeBytes(
  identity: Bytes,
  etag: string,
  { brotliQuality, gzipLevel }: { brotliQuality: number; gzipLevel: number },
): Promise<EncodedFile> {
  if (identity.length < 1024) return { etag, identity, br: null, gzip: null }
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: gzipLevel }),
  ])
  const smaller = (encoded: Buffer) => (encoded.length < identity.length ? (encoded as Bytes) : null)
  return { etag, identity, br: smaller(br), gzip: smaller(gz) }
}

/**
 * A body made per prospect answer (a rendered page, the API's JSON), compressed once: fast settings
 * (a few ms for 100 KB) that keep most of the saving.
 */
export const encodePage = (identity: Bytes): Promise<EncodedFile> =>
  encodeBytes(identity, '', { brotliQuality: 5, gzipLevel: 6 })

/**
 * A page the build made, as it is sent (its stylesheet inline), compressed once per version and site
 * address: the best qualities, like the built files. On a slow phone link every kilobyte is about 6 ms
 * before the page's last bytes arrive, and the landing page then comes 1.9 KB smaller than with the
 * per-answer settings (16.0 against 17.9 KB brotli), for some 100 ms of compression once.
 */
export const encodeBuiltPage = (identity: Bytes): Promise<EncodedFile> =>
  encodeBytes(identity, '', bestSettings(identity))
