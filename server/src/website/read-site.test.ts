import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type FixtureSiteServer, startFixtureSiteServer } from '../testing/fixture-site-server.ts'
import { normalizeWebsiteAddress, readSitePages } from './read-site.ts'
import type { FetchedResource, safeFetch } from './safe-fetch.ts'
import { type SitePage, WebsiteReadError } from './site-page.ts'

const HTML = { 'Content-Type': 'text/html; charset=utf-8' }
const page = (body: string) => ({ headers: HTML, body })

async function failureOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise
  } catch (error) {
    if (error instanceof WebsiteReadError) return { code: error.code, message: error.message }
    throw error
  }
  throw new Error('expected the reading to fail')
}

describe('normalizeWebsiteAddress', () => {
  it.each([
    ['bright-smile.example', 'https://bright-smile.example/'],
    ['  bright-smile.example/team  ', 'https://bright-smile.example/team'],
    ['www.Bright-Smile.example', 'https://www.bright-smile.example/'],
    ['http://bright-smile.example', 'http://bright-smile.example/'],
    ['HTTPS://bright-smile.example/about?x=1#hours', 'https://bright-smile.example/about?x=1'],
    ['bright-smile.example#top', 'https://bright-smile.example/'],
    ['//bright-smile.example/', 'https://bright-smile.example/'],
    ['bright-smile.example:8443/x', 'https://bright-smile.example:8443/x'],
    ['localhost:3000', 'https://localhost:3000/'],
    ['http:/bright-smile.example', 'http://bright-smile.example/'],
    ['bücher.example', 'https://xn--bcher-kva.example/'],
    ['127.0.0.1:4000', 'https://127.0.0.1:4000/'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeWebsiteAddress(input)).toBe(expected)
  })

  it.each([
    ['', 'That is not a website address'],
    ['   ', 'That is not a website address'],
    ['Bright Smile Dental', 'That is not a website address'],
    ['bright-smile .example', 'That is not a website address'],
    ['bright-smile.example\n/x', 'That is not a website address'],
    ['https://', 'That is not a website address'],
    ['https://user:pw@bright-smile.example/', 'That is not a website address'],
    ['http://[::1', 'That is not a website address'],
    [`bright-smile.example/${'a'.repeat(2000)}`, 'That is not a website address'],
    ['ftp://bright-smile.example/', 'Only http and https addresses can be read'],
    ['mailto:office@bright-smile.example', 'Only http and https addresses can be read'],
    ['javascript:alert(1)', 'Only http and https addresses can be read'],
    ['file:///etc/passwd', 'Only http and https addresses can be read'],
  ])('refuses %j', (input, message) => {
    expect(() => normalizeWebsiteAddress(input)).toThrow(new WebsiteReadError('bad_address', message))
    try {
      normalizeWebsiteAddress(input)
    } catch (error) {
      expect((error as WebsiteReadError).code).toBe('bad_address')
    }
  })
})

describe('readSitePages on a site', () => {
  let site: FixtureSiteServer
  beforeAll(async () => {
    site = await startFixtureSiteServer({
      '/': { status: 301, headers: { Location: '/home' } },
      '/home': page('<h1>Bright Smile</h1>'),
      '/about': page('<p>about</p>'),
      '/contact': page('<p>contact</p>'),
      '/hours': page('<p>hours</p>'),
      '/team': page('<p>team</p>'),
      '/prices': page('<p>prices</p>'),
      '/old-contact': { status: 301, headers: { Location: '/contact' } },
      '/back-home': { status: 302, headers: { Location: '/home' } },
      '/brochure.pdf': { headers: { 'Content-Type': 'application/pdf' }, body: '%PDF' },
      '/silent': () => {}, // never answers
    })
  })
  afterAll(() => site?.close())
  afterEach(() => {
    site.requests.length = 0
  })
  const allowed = () => new Set([site.host])

  it('reads the home page, then the chosen pages in order, up to five in all', async () => {
    const offered: SitePage[] = []
    const pages = await readSitePages(`${site.url}/`, {
      allowedHosts: allowed(),
      pickLinks: (home) => {
        offered.push(home)
        return ['/about', '/contact', '/hours', '/team', '/prices'].map((path) => `${site.url}${path}`)
      },
    })
    expect(offered).toEqual([{ url: `${site.url}/home`, html: '<h1>Bright Smile</h1>' }])
    expect(pages.map((p) => p.url)).toEqual(
      ['/home', '/about', '/contact', '/hours', '/team'].map((path) => `${site.url}${path}`),
    )
    expect(pages[1]).toEqual({ url: `${site.url}/about`, html: '<p>about</p>' })
    expect(site.requests.map((r) => r.url)).not.toContain('/prices')
  })

  it('reads no page twice, skips pages that fail, and keeps going', async () => {
    const links = [
      '/about',
      '/about#team', // the same page
      '/home', // the home page itself
      '/back-home', // a redirect to it
      '/brochure.pdf', // not a web page
      '/missing', // 404
      '/old-contact', // a redirect to /contact …
      '/contact', // … so /contact is not read again
      '/hours',
    ].map((path) => `${site.url}${path}`)
    const pages = await readSitePages(`${site.url}/`, {
      allowedHosts: allowed(),
      pickLinks: () => links,
      maxPages: 4,
    })
    expect(pages.map((p) => p.url)).toEqual(
      ['/home', '/about', '/contact', '/hours'].map((path) => `${site.url}${path}`),
    )
    expect(site.requests.map((r) => r.url)).toEqual([
      '/',
      '/home',
      '/about',
      '/back-home',
      '/home',
      '/brochure.pdf',
      '/missing',
      '/old-contact',
      '/contact',
      '/hours',
    ])
  })

  it('fails when the home page cannot be read, with the reason', async () => {
    const pickLinks = () => []
    expect(
      await failureOf(readSitePages(`${site.url}/missing`, { allowedHosts: allowed(), pickLinks })),
    ).toEqual({
      code: 'http_status',
      message: 'The site answered 404 (not found)',
    })
    expect(await failureOf(readSitePages(`${site.url}/`, { allowedHosts: new Set(), pickLinks }))).toEqual({
      code: 'private_network',
      message: 'That address is on a private network',
    })
    expect(await failureOf(readSitePages('not a site', { allowedHosts: allowed(), pickLinks }))).toEqual({
      code: 'bad_address',
      message: 'That is not a website address',
    })
  })

  it('times out when the home page does not answer before the deadline', async () => {
    const failure = await failureOf(
      readSitePages(`${site.url}/silent`, { allowedHosts: allowed(), pickLinks: () => [], timeoutMs: 300 }),
    )
    expect(failure).toEqual({ code: 'timeout', message: 'The site did not answer in 0.3 seconds' })
  })

  it('keeps the pages read when the deadline passes while reading the others', async () => {
    const pages = await readSitePages(`${site.url}/`, {
      allowedHosts: allowed(),
      pickLinks: () => ['/about', '/silent', '/contact'].map((path) => `${site.url}${path}`),
      // Long enough for two pages on a busy machine; /silent then uses up the rest.
      timeoutMs: 1500,
    })
    expect(pages.map((p) => p.url)).toEqual([`${site.url}/home`, `${site.url}/about`])
    expect(site.requests.map((r) => r.url)).not.toContain('/contact')
  })
})

describe('readSitePages with a stand-in fetch', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  const answer = (url: string): FetchedResource => ({
    url,
    contentType: 'text/html',
    body: Buffer.from(url),
    text: `<p>${url}</p>`,
  })

  it('asks one page at a time', async () => {
    let inFlight = 0
    let most = 0
    const fetch: typeof safeFetch = async (url) => {
      inFlight++
      most = Math.max(most, inFlight)
      await new Promise((resolve) => setImmediate(resolve))
      inFlight--
      return answer(url)
    }
    const links = ['a', 'b', 'c', 'd'].map((path) => `https://bright-smile.example/${path}`)
    const pages = await readSitePages('bright-smile.example', {
      allowedHosts: new Set(),
      pickLinks: () => links,
      fetch,
    })
    expect(pages).toHaveLength(5)
    expect(most).toBe(1)
  })

  it('passes one deadline and the page limits to every fetch', async () => {
    const calls: Parameters<typeof safeFetch>[] = []
    const fetch: typeof safeFetch = async (...args) => {
      calls.push(args)
      return answer(args[0])
    }
    const allowedHosts = new Set(['intranet.example:443'])
    await readSitePages('https://intranet.example', {
      allowedHosts,
      pickLinks: () => ['https://intranet.example/about'],
      fetch,
    })
    expect(calls.map(([url]) => url)).toEqual(['https://intranet.example/', 'https://intranet.example/about'])
    for (const [, options] of calls) {
      expect(options).toMatchObject({ allowedHosts, accept: 'html', maxBytes: 2 * 1024 * 1024 })
    }
    expect(calls[0]?.[1].signal).toBe(calls[1]?.[1].signal)
  })

  it('says the site did not answer in 8 seconds, by default', async () => {
    vi.useFakeTimers()
    const fetch: typeof safeFetch = () => new Promise(() => {}) // ignores its signal, even
    const reading = failureOf(
      readSitePages('bright-smile.example', { allowedHosts: new Set(), pickLinks: () => [], fetch }),
    )
    await vi.advanceTimersByTimeAsync(8000)
    expect(await reading).toEqual({ code: 'timeout', message: 'The site did not answer in 8 seconds' })
  })

  it('stops and fails when the caller aborts, even after the home page', async () => {
    const controller = new AbortController()
    const fetch: typeof safeFetch = async (url, options) => {
      if (url.endsWith('/a')) {
        controller.abort()
        throw new WebsiteReadError('timeout', 'The site did not answer in time')
      }
      expect(options.signal.aborted).toBe(false)
      return answer(url)
    }
    const links = ['https://bright-smile.example/a', 'https://bright-smile.example/b']
    const reading = readSitePages('bright-smile.example', {
      allowedHosts: new Set(),
      pickLinks: () => links,
      fetch,
      signal: controller.signal,
    })
    expect((await failureOf(reading)).code).toBe('timeout')
  })
})
