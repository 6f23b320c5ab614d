import { safeFetch } from './safe-fetch.ts'
import { READER_LIMITS, type SitePage, WebsiteReadError } from './site-page.ts'

export interface ReadSiteOptions {
  /** `host:port`s exempt from the public-address rule (WEBSITE_READER_ALLOWED_HOSTS). */
  allowedHosts: ReadonlySet<string>
  /** The site's own pages worth reading after its home page: absolute addresses, best first. */
  pickLinks: (home: SitePage) => string[]
  /** Pages read at most, the home page included; READER_LIMITS.maxPages by default. */
  maxPages?: number
  /** The whole site's deadline; READER_LIMITS.siteTimeoutMs by default. */
  timeoutMs?: number
  /** The caller's own: when it aborts, the reading stops and fails. */
  signal?: AbortSignal
  /** For tests. */
  fetch?: typeof safeFetch
}

/** The longest address read: a real one is far shorter, a longer one is pasted text. */
const MAX_ADDRESS_LENGTH = 2000

/**
 * A website address as a rep types or pastes it, made into the address to read: trimmed, `https://`
 * added when no scheme is written ("bright-smile.example" → "https://bright-smile.example/"), the
 * fragment dropped. Refuses (WebsiteReadError 'bad_address') what is not one: words with spaces, a
 * scheme other than http or https, a name and password, anything the URL parser cannot read. Pure: it
 * looks nothing up.
 */
export function normalizeWebsiteAddress(input: string): string {
  const notAnAddress = new WebsiteReadError('bad_address', 'That is not a website address')
  const trimmed = input.trim()
  if (trimmed === '' || trimmed.length > MAX_ADDRESS_LENGTH || /\s/.test(trimmed)) throw notAnAddress
  // A scheme is a word and a colon not followed by a port's digits ("localhost:3000" has none).
  const hasScheme = /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(trimmed)
  const written = hasScheme ? trimmed : trimmed.startsWith('//') ? `https:${trimmed}` : `https://${trimmed}`
  let url: URL
  try {
    url = new URL(written)
  } catch {
    throw notAnAddress
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new WebsiteReadError('bad_address', 'Only http and https addresses can be read')
  }
  if (url.username || url.password || url.hostname === '') throw notAnAddress
  url.hash = ''
  return url.href
}

/**
 * Reads a business's site: its home page, then the pages `pickLinks` chooses from it, up to
 * `maxPages` in all, one request at a time (a small site is not to be hit with several at once), no
 * page twice (by its final address, fragments aside). Returns the pages read, home page first.
 *
 * One deadline covers the whole site. The home page is the reading: when it fails, so does the
 * reading (WebsiteReadError with the reason, 'timeout' "The site did not answer in 8 seconds" when the
 * deadline passed first). Any other page that fails is skipped, and when the deadline passes while
 * they are read, the pages read so far are the answer.
 */
export async function readSitePages(address: string, options: ReadSiteOptions): Promise<SitePage[]> {
  const start = normalizeWebsiteAddress(address)
  const fetch = options.fetch ?? safeFetch
  const maxPages = options.maxPages ?? READER_LIMITS.maxPages
  const timeoutMs = options.timeoutMs ?? READER_LIMITS.siteTimeoutMs
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(), timeoutMs)
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal

  const readPage = async (url: string): Promise<SitePage> => {
    const fetched = await untilAborted(
      fetch(url, {
        allowedHosts: options.allowedHosts,
        accept: 'html',
        maxBytes: READER_LIMITS.maxPageBytes,
        signal,
      }),
      signal,
    )
    return { url: fetched.url, html: fetched.text ?? '' }
  }

  try {
    let home: SitePage
    try {
      home = await readPage(start)
    } catch (error) {
      if (deadline.signal.aborted && !options.signal?.aborted) throw siteTimedOut(timeoutMs)
      throw error
    }
    const pages = [home]
    const seen = new Set([withoutFragment(start), withoutFragment(home.url)])
    for (const link of options.pickLinks(home)) {
      if (pages.length >= maxPages || signal.aborted) break
      const asked = withoutFragment(link)
      if (asked === null || seen.has(asked)) continue
      seen.add(asked)
      let page: SitePage
      try {
        page = await readPage(link)
      } catch (error) {
        if (options.signal?.aborted) throw error
        continue
      }
      // A link that redirects to a page already read (often the home page) adds nothing.
      const arrived = withoutFragment(page.url) ?? page.url
      if (arrived !== asked && seen.has(arrived)) continue
      seen.add(arrived)
      pages.push(page)
    }
    if (options.signal?.aborted) throw new WebsiteReadError('timeout', 'The site did not answer in time')
    return pages
  } finally {
    clearTimeout(timer)
  }
}

function siteTimedOut(timeoutMs: number): WebsiteReadError {
  const seconds = Number((timeoutMs / 1000).toFixed(1))
  return new WebsiteReadError(
    'timeout',
    `The site did not answer in ${seconds} second${seconds === 1 ? '' : 's'}`,
  )
}

function withoutFragment(address: string): string | null {
  try {
    const url = new URL(address)
    url.hash = ''
    return url.href
  } catch {
    return null
  }
}

/** The fetch, or a timeout when the signal aborts first (a fetch that ignores its signal included). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new WebsiteReadError('timeout', 'The site did not answer in time'))
    if (signal.aborted) onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
