import { brotliCompressSync, constants } from 'node:zlib'

export interface JsFileSize {
  readonly path: string
  /** Bytes of the body as the server sent it (compressed if it compressed; NaN when unknown). */
  readonly served: number
  /** `Content-Encoding` the server answered with, `identity` when none. */
  readonly encoding: string
  readonly raw: number
  /** What the file would cost served with brotli at quality 11, as a CDN would. */
  readonly brotli: number
}

/**
 * Fetches each script the page loaded and measures it raw and brotli-compressed. The server may not
 * compress yet, so the brotli figure is computed here rather than read from the wire.
 */
export async function measureJsFiles(urls: readonly string[]): Promise<JsFileSize[]> {
  const sizes: JsFileSize[] = []
  for (const url of [...new Set(urls)].sort()) {
    // Ask for brotli to learn whether the server compresses; Node's fetch decodes the body anyway.
    const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } })
    const body = Buffer.from(await response.arrayBuffer())
    const encoding = response.headers.get('content-encoding') ?? 'identity'
    const length = response.headers.get('content-length')
    sizes.push({
      path: new URL(url).pathname,
      // fetch hands back the decoded body, so a compressed size is only known from Content-Length.
      served: encoding === 'identity' ? body.length : Number(length ?? Number.NaN),
      encoding,
      raw: body.length,
      brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    })
  }
  return sizes
}
