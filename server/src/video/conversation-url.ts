const HOST_PATTERN = /^(?:\*\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/

/**
 * Reads `VIDEO_ALLOWED_HOSTS`: host names separated by commas (or spaces), `*.example.com` for any
 * subdomain of example.com (not example.com itself), `[::1]` or `::1` for IPv6 loopback. Null when an
 * entry is none of these (a scheme, a path, a port or a bare `*` is a mistake worth refusing at start).
 */
export function parseAllowedHosts(value: string): string[] | null {
  const entries = value
    .split(/[\s,]+/)
    .map((entry) => entry.toLowerCase())
    .filter((entry) => entry !== '')
    .map((entry) => (entry === '::1' ? '[::1]' : entry))
  if (entries.length === 0) return null
  return entries.every((entry) => entry === '[::1]' || HOST_PATTERN.test(entry)) ? entries : null
}

/**
 * The conversation page the widget will frame, or null when it must not be shown. The platform's
 * answer is trusted only this far: the URL must be on an allowed host, over https, with no user
 * name or password in it. Plain http is accepted for loopback hosts alone, and only when such a host
 * is listed explicitly (the local fakes of tests); a real deployment never lists them.
 */
export function readConversationUrl(value: unknown, allowedHosts: readonly string[]): URL | null {
  if (typeof value !== 'string' || value.length > 2048) return null
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  if (url.username !== '' || url.password !== '') return null
  const host = url.hostname
  // `*.daily.co` → ends with `.daily.co`: a subdomain at any depth, never `daily.co` or `evildaily.co`.
  const allowed = allowedHosts.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry,
  )
  if (!allowed) return null
  if (url.protocol === 'https:') return url
  return url.protocol === 'http:' && isLoopback(host) ? url : null
}

const isLoopback = (host: string): boolean =>
  host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
