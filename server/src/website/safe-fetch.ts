import { lookup as dnsLookup } from 'node:dns/promises'
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { Readable, type Transform, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import { hostPortOf, isPublicAddress } from '../common/address-guard.ts'
import { READER_LIMITS, WEBSITE_READER_USER_AGENT, WebsiteReadError } from './site-page.ts'

/** A host name's addresses, every one of them (what `dns.lookup(name, { all: true })` answers). */
export type LookupAll = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>

export interface SafeFetchOptions {
  /** `host:port`s exempt from the public-address rule (WEBSITE_READER_ALLOWED_HOSTS). */
  allowedHosts: ReadonlySet<string>
  /** What the caller can use: a web page or an image. Anything else is refused unread. */
  accept: 'html' | 'image'
  /** The most bytes of body kept, counted after decompression. */
  maxBytes: number
  /** The caller's deadline: when it aborts, so does the request, wherever it is. */
  signal: AbortSignal
  /** For tests; by default the system resolver (node:dns lookup, all addresses). */
  lookup?: LookupAll
}

export interface FetchedResource {
  /** The final address, after redirects, without a fragment. */
  url: string
  /** As the site sent it, e.g. `text/html; charset=utf-8`. */
  contentType: string
  /** Decompressed. */
  body: Buffer
  /** For a web page: the body decoded to text in the page's own character set. */
  text?: string
}

const ACCEPT = {
  html: 'text/html,application/xhtml+xml',
  image: 'image/png,image/jpeg,image/webp,image/gif,image/avif,image/svg+xml,image/*;q=0.8',
} as const

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml'])

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/**
 * Fetches one address for the website reader, the way a server that fetches addresses people type
 * must: only http and https; every address the name resolves to must be public (common/address-guard.ts)
 * unless its exact host:port is allowed; the connection goes to the address that was checked and no
 * other, so a second DNS answer cannot switch it to the inside (DNS rebinding); redirects are
 * followed by hand, at most READER_LIMITS.maxRedirects, each hop checked the same way; no cookies
 * are sent or kept; the body is refused past `maxBytes` counted after decompression (a small gzip
 * "bomb" cannot fill memory); and only the content types the caller can use are read.
 *
 * Failures are WebsiteReadError with the reason in the rep's words.
 */
export async function safeFetch(url: string, options: SafeFetchOptions): Promise<FetchedResource> {
  const lookup = options.lookup ?? lookupAll
  let current = checkAddress(url)
  const visited = new Set<string>()
  for (let redirects = 0; ; redirects++) {
    visited.add(current.href)
    const response = await requestOnce(current, options, lookup)
    const location = response.headers.location
    if (!REDIRECTS.has(response.statusCode ?? 0) || !location) {
      return await readResponse(current, response, options)
    }
    response.destroy()
    let next: URL
    try {
      next = new URL(location, current)
    } catch {
      throw new WebsiteReadError('bad_address', 'The site redirects to an address that cannot be read')
    }
    next.hash = ''
    // A loop is refused at once rather than after going round it to the limit.
    if (redirects >= READER_LIMITS.maxRedirects || visited.has(next.href)) {
      throw new WebsiteReadError('too_many_redirects', 'The site redirects too many times')
    }
    current = checkAddress(next.href)
  }
}

/** Scheme and credentials, for the first address and every redirect. */
function checkAddress(address: string): URL {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    throw new WebsiteReadError('bad_address', 'That is not a website address')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new WebsiteReadError('bad_address', 'Only http and https addresses can be read')
  }
  // A name and password in the address would be sent to the site: the reader has none to send.
  if (url.username || url.password) {
    throw new WebsiteReadError('bad_address', 'An address with a name or password in it cannot be read')
  }
  url.hash = ''
  return url
}

async function lookupAll(hostname: string): Promise<{ address: string; family: 4 | 6 }[]> {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true })
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }))
}

/** One request: the name resolved and checked here, then the connection pinned to what was checked. */
async function requestOnce(url: URL, options: SafeFetchOptions, lookup: LookupAll): Promise<IncomingMessage> {
  const { signal } = options
  if (signal.aborted) throw timedOut()
  // The URL parser writes an IPv6 host in brackets; the resolver and the socket want it without.
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const literal = isIP(hostname)
  let addresses: { address: string; family: 4 | 6 }[]
  if (literal) {
    addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }]
  } else {
    try {
      addresses = await untilAborted(lookup(hostname), signal)
    } catch (error) {
      if (signal.aborted) throw timedOut()
      throw notInDns(error)
    }
    if (addresses.length === 0) throw notInDns()
  }
  // Every address, not only the first: the connection may go to any of them.
  const allowed = options.allowedHosts.has(hostPortOf(url))
  if (!allowed && !addresses.every(({ address }) => isPublicAddress(address))) {
    throw new WebsiteReadError('private_network', 'That address is on a private network')
  }

  const https = url.protocol === 'https:'
  const requestOptions: RequestOptions & { servername?: string } = {
    hostname,
    port: url.port || (https ? 443 : 80),
    path: `${url.pathname}${url.search}`,
    method: 'GET',
    // Only these: never a Cookie (the reader keeps none), nothing about who asked.
    headers: {
      Host: url.host,
      'User-Agent': WEBSITE_READER_USER_AGENT,
      Accept: ACCEPT[options.accept],
      'Accept-Encoding': 'gzip, deflate, br',
    },
    // A connection of its own each time: a pooled socket was opened for an earlier check.
    agent: false,
    // The name is never resolved again: the socket is handed the addresses checked above. (A literal
    // IP is connected to as written, and was checked as written.)
    lookup: pinnedLookup(addresses),
    signal,
  }
  // TLS checks the certificate against the name, and the name is what SNI sends.
  if (https && !literal) requestOptions.servername = hostname
  return await new Promise<IncomingMessage>((resolve, reject) => {
    const request = (https ? httpsRequest : httpRequest)(requestOptions, resolve)
    request.on('error', (error) => reject(failure(error, signal)))
    request.end()
  })
}

/** The socket's resolver: answers with the addresses already checked, whatever DNS says now. */
function pinnedLookup(addresses: readonly { address: string; family: 4 | 6 }[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      // Several checked addresses (IPv6 and IPv4) let the socket try the next when one fails.
      callback(
        null,
        addresses.map(({ address, family }) => ({ address, family })),
      )
    } else {
      const first = addresses[0] as { address: string; family: 4 | 6 }
      callback(null, first.address, first.family)
    }
  }
}

async function readResponse(
  url: URL,
  response: IncomingMessage,
  options: SafeFetchOptions,
): Promise<FetchedResource> {
  const status = response.statusCode ?? 0
  if (status < 200 || status > 299) {
    response.destroy()
    throw statusError(status)
  }
  const contentType = response.headers['content-type'] ?? ''
  const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase()
  if (options.accept === 'html' && !HTML_TYPES.has(mediaType)) {
    response.destroy()
    throw new WebsiteReadError('not_html', 'That page is not a web page')
  }
  if (options.accept === 'image' && !mediaType.startsWith('image/')) {
    response.destroy()
    throw new WebsiteReadError('not_image', 'That file is not an image')
  }
  const tooLarge = new WebsiteReadError(
    'too_large',
    `The ${options.accept === 'html' ? 'page' : 'image'} is larger than ${megabytes(options.maxBytes)} MB`,
  )
  const declared = Number(response.headers['content-length'])
  if (!response.headers['content-encoding'] && declared > options.maxBytes) {
    response.destroy()
    throw tooLarge
  }

  let body: Buffer
  try {
    body = await readBody(response, response.headers['content-encoding'] ?? '', options.maxBytes, tooLarge)
  } catch (error) {
    response.destroy()
    throw failure(error, options.signal)
  }
  const fetched: FetchedResource = { url: url.href, contentType, body }
  if (options.accept === 'html') fetched.text = decodeHtml(body, contentType)
  return fetched
}

/**
 * The body, decompressed as it streams in, stopped as soon as more than `maxBytes` came out: what
 * counts is what would sit in memory, not what crossed the wire.
 */
async function readBody(
  response: IncomingMessage,
  contentEncoding: string,
  maxBytes: number,
  tooLarge: WebsiteReadError,
): Promise<Buffer> {
  const codings = contentEncoding
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
  // The first bytes tell which of the two forms "deflate" was sent in (see decoderFor).
  const iterator: AsyncIterator<Buffer> = response[Symbol.asyncIterator]()
  const first = await iterator.next()
  if (first.done) return Buffer.alloc(0)
  // Applied in the order listed, so undone in reverse.
  const decoders = codings
    .reverse()
    .map((coding, index) => decoderFor(coding, index === 0 ? first.value : null))
  const chunks: Buffer[] = []
  let total = 0
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      total += chunk.length
      if (total > maxBytes) return done(tooLarge)
      chunks.push(chunk)
      done()
    },
  })
  await pipeline([Readable.from(prepend(first.value, iterator), { objectMode: false }), ...decoders, sink])
  return Buffer.concat(chunks)
}

async function* prepend(first: Buffer, rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield first
    for (;;) {
      const next = await rest.next()
      if (next.done) return
      yield next.value
    }
  } finally {
    await rest.return?.()
  }
}

/**
 * One decompressor. "deflate" should be zlib-wrapped but some servers send it raw: a zlib stream's
 * first byte has 8 (deflate) in its low bits, which is how browsers tell the two apart too. A
 * truncated stream keeps what came (as browsers show a page cut short).
 */
function decoderFor(coding: string, firstBytes: Buffer | null): Transform {
  const flush = { finishFlush: zlib.constants.Z_SYNC_FLUSH }
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip(flush)
    case 'deflate':
      return firstBytes && ((firstBytes[0] ?? 0) & 0x0f) !== 0x08
        ? zlib.createInflateRaw(flush)
        : zlib.createInflate(flush)
    case 'br':
      return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH })
    default:
      // Only the three asked for are sent by a working site.
      throw new WebsiteReadError(
        'connection_failed',
        'The site could not be reached (its answer could not be read)',
      )
  }
}

const megabytes = (bytes: number) => Number((bytes / (1024 * 1024)).toFixed(1))

function statusError(status: number): WebsiteReadError {
  const meaning =
    status === 404 || status === 410
      ? ' (not found)'
      : status === 401 || status === 403
        ? ' (it refused to be read)'
        : status === 429
          ? ' (too many requests)'
          : status >= 500
            ? ' (it had an error)'
            : ''
  return new WebsiteReadError('http_status', `The site answered ${status}${meaning}`)
}

const timedOut = () => new WebsiteReadError('timeout', 'The site did not answer in time')

function notInDns(cause?: unknown): WebsiteReadError {
  return Object.assign(new WebsiteReadError('not_found_in_dns', 'No website was found at that address'), {
    cause,
  })
}

/** OpenSSL's certificate verdicts as Node names them, and Node's own for a name that does not match. */
const CERTIFICATE_ERROR =
  /CERT|SELF_SIGNED|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER|HOSTNAME_MISMATCH|INVALID_CA|INVALID_PURPOSE|PATH_LENGTH_EXCEEDED/

/** What went wrong, in the rep's words: an abort is the caller's deadline, anything else the site. */
function failure(error: unknown, signal: AbortSignal): WebsiteReadError {
  if (error instanceof WebsiteReadError) return error
  if (signal.aborted) return timedOut()
  const code = (error as { code?: unknown } | null)?.code
  const certificate = typeof code === 'string' && CERTIFICATE_ERROR.test(code)
  return Object.assign(
    new WebsiteReadError(
      'connection_failed',
      certificate
        ? 'The site could not be reached (its security certificate is not valid)'
        : 'The site could not be reached',
    ),
    { cause: error },
  )
}

/** A promise that rejects when the signal aborts, for work that takes no signal (DNS). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(timedOut())
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/**
 * A web page's bytes as text, in the character set it is written in: a byte-order mark first (as
 * browsers do: it cannot be there by accident), then the charset of its Content-Type, then a
 * `<meta charset>` or `<meta http-equiv="Content-Type">` in its first 1024 bytes, else UTF-8. A
 * label the decoder does not know is read as UTF-8; a meta tag claiming UTF-16 is too, since bytes
 * that can be read as ASCII to find the tag are not UTF-16 (the HTML standard's rule).
 */
export function decodeHtml(body: Buffer, contentType: string): string {
  const label = byteOrderMark(body) ?? charsetOf(contentType) ?? metaCharset(body) ?? 'utf-8'
  let decoder: TextDecoder
  try {
    decoder = new TextDecoder(label)
  } catch {
    decoder = new TextDecoder('utf-8')
  }
  if (decoder.encoding === 'windows-1252') return decodeWindows1252(body)
  return decoder.decode(body)
}

/**
 * Node 20's TextDecoder reads windows-1252 (and the labels that mean it: iso-8859-1, latin1, ascii)
 * as plain Latin-1, so 0x80–0x9F (€, curly quotes, dashes, ™ and the like) come out as control
 * characters: those 32 are mapped here, by the Encoding standard's table.
 */
function decodeWindows1252(body: Buffer): string {
  return body
    .toString('latin1')
    .replace(/[\x80-\x9f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80] ?? c)
}

const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
].map((code) => String.fromCharCode(code))

function byteOrderMark(body: Buffer): string | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8'
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be'
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le'
  return null
}

function charsetOf(contentType: string): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)
  return match?.[1]?.toLowerCase() ?? null
}

function metaCharset(body: Buffer): string | null {
  const head = body.subarray(0, 1024).toString('latin1')
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const match = /charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(tag)
    if (match?.[1]) {
      const label = match[1].toLowerCase()
      return label.startsWith('utf-16') ? 'utf-8' : label
    }
  }
  return null
}
