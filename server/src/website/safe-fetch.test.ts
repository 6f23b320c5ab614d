import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type FixtureSiteServer, startFixtureSiteServer } from '../testing/fixture-site-server.ts'
import { decodeHtml, type SafeFetchOptions, safeFetch } from './safe-fetch.ts'
import { READER_LIMITS, WEBSITE_READER_USER_AGENT, WebsiteReadError } from './site-page.ts'

// Every site here is on 127.0.0.1, exempted by its host:port as WEBSITE_READER_ALLOWED_HOSTS does. No
// test connects anywhere else: names are resolved by an injected lookup to 127.0.0.1, and an address
// that is not loopback only ever appears where it must be refused before any connection.

const HTML = { 'Content-Type': 'text/html; charset=utf-8' }
const page = (body: string) => ({ headers: HTML, body })

let site: FixtureSiteServer
let other: FixtureSiteServer

beforeAll(async () => {
  site = await startFixtureSiteServer()
  other = await startFixtureSiteServer({ '/': page('<p>the other site</p>') })
})
afterAll(async () => {
  await site?.close()
  await other?.close()
})
afterEach(() => {
  site.requests.length = 0
  other.requests.length = 0
})

function options(overrides: Partial<SafeFetchOptions> = {}): SafeFetchOptions {
  return {
    allowedHosts: new Set([site.host]),
    accept: 'html',
    maxBytes: READER_LIMITS.maxPageBytes,
    signal: AbortSignal.timeout(10_000),
    ...overrides,
  }
}

/** The WebsiteReadError a fetch fails with (and fails the test when it succeeds or fails otherwise). */
async function failureOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise
  } catch (error) {
    if (error instanceof WebsiteReadError) return { code: error.code, message: error.message }
    throw error
  }
  throw new Error('expected the fetch to fail')
}

describe('safeFetch: what it sends and reads', () => {
  it('reads a page from an allowed host, sending only what the reader means to', async () => {
    site.route('/', page('<title>Bright Smile</title>'))
    const fetched = await safeFetch(`${site.url}/#team`, options())
    expect(fetched).toMatchObject({ url: `${site.url}/`, contentType: 'text/html; charset=utf-8' })
    expect(fetched.text).toBe('<title>Bright Smile</title>')
    const [request] = site.requests
    expect(request?.headers).toMatchObject({
      host: site.host,
      'user-agent': WEBSITE_READER_USER_AGENT,
      accept: 'text/html,application/xhtml+xml',
      'accept-encoding': 'gzip, deflate, br',
    })
    expect(request?.headers.cookie).toBeUndefined()
    expect(request?.url).toBe('/') // the fragment stays here
  })

  it('asks for images when it wants an image, and refuses anything else', async () => {
    site.route('/logo.png', { headers: { 'Content-Type': 'image/png' }, body: Buffer.from([1, 2, 3]) })
    site.route('/logo.html', page('<p>not an image</p>'))
    const fetched = await safeFetch(`${site.url}/logo.png`, options({ accept: 'image' }))
    expect(fetched.body).toEqual(Buffer.from([1, 2, 3]))
    expect(fetched.text).toBeUndefined()
    expect(site.requests[0]?.headers.accept).toMatch(/^image\/png,.*image\/\*/)
    expect(await failureOf(safeFetch(`${site.url}/logo.html`, options({ accept: 'image' })))).toEqual({
      code: 'not_image',
      message: 'That file is not an image',
    })
  })

  it.each([
    ['application/pdf', 'application/pdf'],
    ['text/plain', 'text/plain; charset=utf-8'],
    ['JSON', 'application/json'],
    ['an image', 'image/png'],
  ])('refuses %s as not a web page', async (_name, type) => {
    site.route('/file', { headers: { 'Content-Type': type }, body: '%PDF-1.7' })
    expect(await failureOf(safeFetch(`${site.url}/file`, options()))).toEqual({
      code: 'not_html',
      message: 'That page is not a web page',
    })
  })

  it('refuses a page with no content type', async () => {
    site.route('/untyped', (_req, res) => res.end('<p>hello</p>'))
    expect((await failureOf(safeFetch(`${site.url}/untyped`, options()))).code).toBe('not_html')
  })

  it('accepts XHTML and a content type written in capitals', async () => {
    site.route('/x', { headers: { 'Content-Type': 'Application/XHTML+XML' }, body: '<html/>' })
    expect((await safeFetch(`${site.url}/x`, options())).text).toBe('<html/>')
  })

  it.each([
    [404, 'The site answered 404 (not found)'],
    [410, 'The site answered 410 (not found)'],
    [401, 'The site answered 401 (it refused to be read)'],
    [403, 'The site answered 403 (it refused to be read)'],
    [500, 'The site answered 500 (it had an error)'],
    [503, 'The site answered 503 (it had an error)'],
    [418, 'The site answered 418'],
    [302, 'The site answered 302'], // a redirect with nowhere to go
  ])('reports status %i in words', async (status, message) => {
    site.route('/status', { status, headers: HTML, body: '<p>sorry</p>' })
    expect(await failureOf(safeFetch(`${site.url}/status`, options()))).toEqual({
      code: 'http_status',
      message,
    })
  })

  it('neither sends nor keeps cookies', async () => {
    site.route('/cookie', {
      status: 302,
      headers: { Location: '/after', 'Set-Cookie': ['session=abc; Path=/', 'tracking=1'] },
    })
    site.route('/after', page('<p>after</p>'))
    await safeFetch(`${site.url}/cookie`, options())
    await safeFetch(`${site.url}/after`, options())
    expect(site.requests.map((r) => r.url)).toEqual(['/cookie', '/after', '/after'])
    for (const request of site.requests) expect(request.headers.cookie).toBeUndefined()
  })
})

describe('safeFetch: where it may connect', () => {
  it('refuses loopback without the allowance, before connecting', async () => {
    site.route('/', page('<p>home</p>'))
    const refused = { code: 'private_network', message: 'That address is on a private network' }
    expect(await failureOf(safeFetch(`${site.url}/`, options({ allowedHosts: new Set() })))).toEqual(refused)
    // Only the exact host:port is exempt.
    expect(await failureOf(safeFetch(`${other.url}/`, options()))).toEqual(refused)
    expect(await failureOf(safeFetch(`http://[::1]:${site.port}/`, options()))).toEqual(refused)
    expect(
      await failureOf(safeFetch(`http://0x7f.1:${site.port}/`, options({ allowedHosts: new Set() }))),
    ).toEqual(refused)
    expect(site.requests).toEqual([])
    expect(other.requests).toEqual([])
  })

  it.each([
    ['ftp://example.com/', 'Only http and https addresses can be read'],
    ['file:///etc/passwd', 'Only http and https addresses can be read'],
    ['data:text/html,<p>hi</p>', 'Only http and https addresses can be read'],
    ['javascript:alert(1)', 'Only http and https addresses can be read'],
    ['http://user:secret@example.com/', 'An address with a name or password in it cannot be read'],
    ['not a url', 'That is not a website address'],
  ])('refuses %j', async (url, message) => {
    expect(await failureOf(safeFetch(url, options()))).toEqual({ code: 'bad_address', message })
  })

  it('resolves the name once and connects to the address it checked (DNS pinning)', async () => {
    site.route('/', page('<p>pinned</p>'))
    const asked: string[] = []
    // A second answer would go elsewhere: it is never asked for.
    const lookup = async (hostname: string) => {
      asked.push(hostname)
      if (asked.length > 1) throw new Error('asked twice')
      return [{ address: '127.0.0.1', family: 4 as const }]
    }
    const host = `fixture.test:${site.port}`
    const fetched = await safeFetch(
      `http://fixture.test:${site.port}/`,
      options({ allowedHosts: new Set([host]), lookup }),
    )
    expect(fetched.text).toBe('<p>pinned</p>')
    expect(asked).toEqual(['fixture.test'])
    expect(site.requests).toMatchObject([{ url: '/', localAddress: '127.0.0.1', headers: { host } }])
  })

  it('asks the system resolver by default, and pins what it answered', async () => {
    // localhost is answered from the hosts file: no query leaves the machine.
    site.route('/', page('<p>local</p>'))
    const url = `http://localhost:${site.port}/`
    expect(await failureOf(safeFetch(url, options()))).toEqual({
      code: 'private_network',
      message: 'That address is on a private network',
    })
    const allowedHosts = new Set([`localhost:${site.port}`])
    expect((await safeFetch(url, options({ allowedHosts }))).text).toBe('<p>local</p>')
    expect(site.requests).toMatchObject([
      { localAddress: '127.0.0.1', headers: { host: `localhost:${site.port}` } },
    ])
  })

  it('refuses a name when any of its addresses is private, before connecting', async () => {
    const lookup = async () => [
      { address: '8.8.8.8', family: 4 as const },
      { address: '127.0.0.1', family: 4 as const },
    ]
    expect(await failureOf(safeFetch(`http://mixed.test:${site.port}/`, options({ lookup })))).toEqual({
      code: 'private_network',
      message: 'That address is on a private network',
    })
    const mapped = async () => [{ address: '::ffff:127.0.0.1', family: 6 as const }]
    expect((await failureOf(safeFetch('http://mapped.test/', options({ lookup: mapped })))).code).toBe(
      'private_network',
    )
    expect(site.requests).toEqual([])
  })

  it('says no website was found when the name does not resolve', async () => {
    const notFound = { code: 'not_found_in_dns', message: 'No website was found at that address' }
    const failing = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })
    }
    expect(await failureOf(safeFetch('http://nowhere.test/', options({ lookup: failing })))).toEqual(notFound)
    expect(await failureOf(safeFetch('http://empty.test/', options({ lookup: async () => [] })))).toEqual(
      notFound,
    )
  })

  it('says the site could not be reached when nothing listens there', async () => {
    const closed = await startFixtureSiteServer()
    await closed.close()
    const failure = await failureOf(
      safeFetch(`${closed.url}/`, options({ allowedHosts: new Set([closed.host]) })),
    )
    expect(failure).toEqual({ code: 'connection_failed', message: 'The site could not be reached' })
  })

  it('says the site could not be reached when https meets a site that does not speak it', async () => {
    const failure = await failureOf(safeFetch(`https://${site.host}/`, options()))
    expect(failure).toEqual({ code: 'connection_failed', message: 'The site could not be reached' })
  })
})

describe('safeFetch: https', () => {
  let dir: string | undefined
  let server: ReturnType<typeof createHttpsServer> | undefined
  const sniNames: string[] = []
  const hasOpenssl = (() => {
    try {
      execFileSync('openssl', ['version'], { stdio: 'ignore' })
      return true
    } catch {
      return false
    }
  })()

  beforeAll(async () => {
    if (!hasOpenssl) return
    // A certificate of our own, trusted by nobody: what a site with a broken certificate shows.
    dir = mkdtempSync(join(tmpdir(), 'safe-fetch-tls-'))
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
        ...[
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
          '-days',
          '1',
          '-subj',
          '/CN=fixture.test',
        ],
      ],
      { stdio: 'ignore' },
    )
    server = createHttpsServer(
      {
        key: readFileSync(join(dir, 'key.pem')),
        cert: readFileSync(join(dir, 'cert.pem')),
        SNICallback: (name, done) => {
          sniNames.push(name)
          done(null)
        },
      },
      (_req, res) => res.writeHead(200, HTML).end('<p>secure</p>'),
    )
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  })
  afterAll(async () => {
    server?.closeAllConnections()
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it.skipIf(!hasOpenssl)('sends the name for SNI and refuses a certificate nobody vouches for', async () => {
    const port = (server?.address() as AddressInfo | undefined)?.port
    const failure = await failureOf(
      safeFetch(`https://fixture.test:${port}/`, {
        ...options({ allowedHosts: new Set([`fixture.test:${port}`]) }),
        lookup: async () => [{ address: '127.0.0.1', family: 4 }],
      }),
    )
    expect(failure).toEqual({
      code: 'connection_failed',
      message: 'The site could not be reached (its security certificate is not valid)',
    })
    expect(sniNames).toEqual(['fixture.test'])
  })
})

describe('safeFetch: redirects', () => {
  /** /hop/0 → /hop/1 → … → /hop/<n> (a page). */
  function routeHops(count: number) {
    for (let i = 0; i < count; i++)
      site.route(`/hop/${i}`, { status: 301, headers: { Location: `/hop/${i + 1}` } })
    site.route(`/hop/${count}`, page('<p>arrived</p>'))
  }

  it('follows five redirects, each kind, and reports where it arrived', async () => {
    site.route('/a', { status: 301, headers: { Location: '/b' } })
    site.route('/b', { status: 302, headers: { Location: `${site.url}/c?x=1` } })
    site.route('/c?x=1', { status: 303, headers: { Location: 'd' } })
    site.route('/d', { status: 307, headers: { Location: '/e#frag' } })
    site.route('/e', { status: 308, headers: { Location: '/end' } })
    site.route('/end', page('<p>end</p>'))
    const fetched = await safeFetch(`${site.url}/a`, options())
    expect(fetched).toMatchObject({ url: `${site.url}/end`, text: '<p>end</p>' })
    expect(site.requests.map((r) => r.url)).toEqual(['/a', '/b', '/c?x=1', '/d', '/e', '/end'])
  })

  it('refuses a sixth redirect', async () => {
    routeHops(6)
    expect(await failureOf(safeFetch(`${site.url}/hop/0`, options()))).toEqual({
      code: 'too_many_redirects',
      message: 'The site redirects too many times',
    })
    expect(site.requests).toHaveLength(6)
  })

  it('refuses a loop at once', async () => {
    site.route('/ping', { status: 302, headers: { Location: '/pong' } })
    site.route('/pong', { status: 302, headers: { Location: '/ping#again' } })
    expect((await failureOf(safeFetch(`${site.url}/ping`, options()))).code).toBe('too_many_redirects')
    expect(site.requests.map((r) => r.url)).toEqual(['/ping', '/pong'])
  })

  it('checks every hop: a redirect to a private address is refused', async () => {
    site.route('/to-other', { status: 302, headers: { Location: `${other.url}/` } })
    site.route('/to-v6', { status: 302, headers: { Location: `http://[::1]:${other.port}/` } })
    site.route('/to-name', { status: 302, headers: { Location: `http://inside.test:${other.port}/` } })
    const lookup = async () => [{ address: '127.0.0.1', family: 4 as const }]
    for (const path of ['/to-other', '/to-v6', '/to-name']) {
      expect(await failureOf(safeFetch(`${site.url}${path}`, options({ lookup })))).toEqual({
        code: 'private_network',
        message: 'That address is on a private network',
      })
    }
    expect(other.requests).toEqual([])
  })

  it('checks every hop: a redirect to another scheme is refused', async () => {
    site.route('/to-file', { status: 302, headers: { Location: 'file:///etc/passwd' } })
    expect(await failureOf(safeFetch(`${site.url}/to-file`, options()))).toEqual({
      code: 'bad_address',
      message: 'Only http and https addresses can be read',
    })
  })
})

describe('safeFetch: size and time', () => {
  const threeMegabytes = `<p>${'x'.repeat(3 * 1024 * 1024)}</p>`

  it('refuses a page over the limit, declared or not', async () => {
    site.route('/big', page(threeMegabytes))
    const tooLarge = { code: 'too_large', message: 'The page is larger than 2 MB' }
    expect(await failureOf(safeFetch(`${site.url}/big`, options()))).toEqual(tooLarge)
    site.route('/big-chunked', (_req, res) => {
      res.writeHead(200, { ...HTML, 'Transfer-Encoding': 'chunked' })
      res.write(threeMegabytes.slice(0, 1024 * 1024))
      res.write(threeMegabytes.slice(1024 * 1024))
      res.end()
    })
    expect(await failureOf(safeFetch(`${site.url}/big-chunked`, options()))).toEqual(tooLarge)
  })

  it.each([
    ['gzip', gzipSync],
    ['br', brotliCompressSync],
    ['deflate', deflateSync],
  ])('refuses a %s bomb by what it would decompress to', async (encoding, compress) => {
    const bomb = compress(Buffer.alloc(20 * 1024 * 1024, 0x20))
    expect(bomb.length).toBeLessThan(100 * 1024)
    site.route('/bomb', { headers: { ...HTML, 'Content-Encoding': encoding }, body: bomb })
    expect(await failureOf(safeFetch(`${site.url}/bomb`, options()))).toEqual({
      code: 'too_large',
      message: 'The page is larger than 2 MB',
    })
  })

  it.each([
    ['gzip', gzipSync],
    ['x-gzip', gzipSync],
    ['br', brotliCompressSync],
    ['deflate', deflateSync],
    ['deflate', deflateRawSync], // raw deflate, as some servers send it
  ])('decompresses %s', async (encoding, compress) => {
    const html = `<p>${'Bright Smile Dental '.repeat(200)}</p>`
    site.route('/zipped', {
      headers: { ...HTML, 'Content-Encoding': encoding },
      body: compress(Buffer.from(html)),
    })
    expect((await safeFetch(`${site.url}/zipped`, options())).text).toBe(html)
  })

  it('decodes layered encodings in reverse order', async () => {
    const html = '<p>twice</p>'
    const body = brotliCompressSync(gzipSync(Buffer.from(html)))
    site.route('/layered', { headers: { ...HTML, 'Content-Encoding': 'gzip, br' }, body })
    expect((await safeFetch(`${site.url}/layered`, options())).text).toBe(html)
  })

  it('refuses an encoding it did not ask for', async () => {
    site.route('/zstd', { headers: { ...HTML, 'Content-Encoding': 'zstd' }, body: 'garbage' })
    expect((await failureOf(safeFetch(`${site.url}/zstd`, options()))).code).toBe('connection_failed')
  })

  it('reads an empty page as empty', async () => {
    site.route('/empty', page(''))
    site.route('/empty-gzip', { headers: { ...HTML, 'Content-Encoding': 'gzip' }, body: '' })
    expect((await safeFetch(`${site.url}/empty`, options())).text).toBe('')
    expect((await safeFetch(`${site.url}/empty-gzip`, options())).text).toBe('')
  })

  it('gives up when the caller’s deadline passes: no answer, or an answer that stops', async () => {
    site.route('/silent', () => {}) // never answers
    site.route('/stalls', (_req, res) => {
      res.writeHead(200, HTML)
      res.write('<p>half a page') // and never the rest
    })
    const timeout = { code: 'timeout', message: 'The site did not answer in time' }
    for (const path of ['/silent', '/stalls']) {
      const started = Date.now()
      expect(
        await failureOf(safeFetch(`${site.url}${path}`, options({ signal: AbortSignal.timeout(300) }))),
      ).toEqual(timeout)
      expect(Date.now() - started).toBeLessThan(5000)
    }
    // A name that never resolves is given up on too.
    const hanging = () => new Promise<never>(() => {})
    const signal = AbortSignal.timeout(300)
    expect(await failureOf(safeFetch('http://slow-dns.test/', options({ signal, lookup: hanging })))).toEqual(
      timeout,
    )
    expect(await failureOf(safeFetch(`${site.url}/`, options({ signal: AbortSignal.abort() })))).toEqual(
      timeout,
    )
  })
})

describe('safeFetch: character sets', () => {
  // "Café – “Zürich” €5" in windows-1252, and "日本語のページ" in Shift_JIS.
  const cp1252 = Buffer.from([
    ...Buffer.from('Caf'),
    0xe9,
    0x20,
    0x96,
    0x20,
    0x93,
    ...Buffer.from('Z'),
    0xfc,
    ...Buffer.from('rich'),
    0x94,
    0x20,
    0x80,
    ...Buffer.from('5'),
  ])
  const sjis = Buffer.from('93fa967b8cea82cc8379815b8357', 'hex')
  const html = (head: string, text: Buffer) =>
    Buffer.concat([Buffer.from(`<html><head>${head}</head><body>`), text, Buffer.from('</body></html>')])

  it.each([
    ['windows-1252 in the header', 'text/html; charset=windows-1252', '', cp1252, 'Café – “Zürich” €5'],
    [
      'iso-8859-1 in the header (read as windows-1252)',
      'text/html; charset="ISO-8859-1"',
      '',
      cp1252,
      'Café – “Zürich” €5',
    ],
    [
      'windows-1252 in <meta charset>',
      'text/html',
      '<meta charset="windows-1252">',
      cp1252,
      'Café – “Zürich” €5',
    ],
    ['shift_jis in the header', 'text/html; charset=Shift_JIS', '', sjis, '日本語のページ'],
    [
      'shift_jis in <meta http-equiv>',
      'text/html',
      '<meta http-equiv="Content-Type" content="text/html; charset=shift_jis">',
      sjis,
      '日本語のページ',
    ],
  ])('decodes %s', async (_name, type, head, text, expected) => {
    site.route('/charset', { headers: { 'Content-Type': type }, body: html(head, text) })
    const fetched = await safeFetch(`${site.url}/charset`, options())
    expect(fetched.text).toContain(`<body>${expected}</body>`)
  })

  it('prefers the header to the meta tag, a byte-order mark to both, and UTF-8 otherwise', () => {
    const utf8 = Buffer.from('<meta charset="windows-1252"><p>Zürich</p>')
    expect(decodeHtml(utf8, 'text/html; charset=utf-8')).toBe('<meta charset="windows-1252"><p>Zürich</p>')
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<p>Zürich</p>')])
    expect(decodeHtml(bom, 'text/html; charset=windows-1252')).toBe('<p>Zürich</p>')
    expect(decodeHtml(Buffer.from('<p>Zürich</p>'), 'text/html')).toBe('<p>Zürich</p>')
    // The bytes windows-1252 and Latin-1 differ on (Node's own decoder reads them as Latin-1).
    expect(decodeHtml(Buffer.from([0x80, 0x81, 0x8a, 0x9f, 0xa0, 0xff]), 'text/html; charset=latin1')).toBe(
      '\u20ac\u0081\u0160\u0178\u00a0\u00ff',
    )
    // A label nobody knows, and UTF-16 claimed by a tag written in ASCII, are read as UTF-8.
    expect(decodeHtml(Buffer.from('<p>Zürich</p>'), 'text/html; charset=klingon')).toBe('<p>Zürich</p>')
    expect(decodeHtml(Buffer.from('<meta charset=utf-16><p>Zürich</p>'), 'text/html')).toBe(
      '<meta charset=utf-16><p>Zürich</p>',
    )
    // Only the first 1024 bytes are looked at for the tag.
    const late = Buffer.concat([
      Buffer.from(`<!--${' '.repeat(1100)}-->`),
      Buffer.from('<meta charset="windows-1252">'),
      cp1252,
    ])
    expect(decodeHtml(late, 'text/html')).not.toContain('Café')
  })
})
