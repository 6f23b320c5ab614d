import type { Context } from 'hono'

/** Reads the client's address for a request; null when it cannot be known. */
export type ClientIpReader = (c: Context) => string | null

/**
 * Where the client's address comes from. Without a trusted proxy header: the TCP peer (the socket's
 * remote address on Node). With one (`TRUSTED_PROXY_HEADER`, e.g. `cf-connecting-ip`): that header
 * only, since the proxy in front of us sets it and a client cannot. For `x-forwarded-for` the last
 * entry is taken: it is the one our proxy appended; earlier entries are whatever the client sent.
 * Never trust the header without such a proxy: anyone could then pick a fresh address per request.
 */
export function createClientIpReader(trustedHeader: string | null): ClientIpReader {
  return (c) => {
    const raw = trustedHeader ? c.req.header(trustedHeader)?.split(',').at(-1) : readSocketAddress(c)
    return raw ? toLimitKey(raw.trim()) : null
  }
}

/** The socket's remote address as @hono/node-server exposes it (`c.env.incoming`); absent elsewhere. */
function readSocketAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: unknown } } } | undefined
  const address = env?.incoming?.socket?.remoteAddress
  return typeof address === 'string' ? address : undefined
}

const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/

/**
 * The address as one client is counted: IPv4 as is (also when written IPv4-mapped, `::ffff:1.2.3.4`),
 * IPv6 by its /64 network, since one subscriber usually holds a whole /64 and could otherwise rotate
 * through billions of addresses. Anything that is not an address is null.
 */
export function toLimitKey(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '') // [v6] brackets, zone id
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1]
  if (IPV4.test(mapped ?? bare)) return mapped ?? bare
  const groups = expandIpv6(bare)
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : null
}

/** The eight 16-bit groups of an IPv6 address, lowercased and without leading zeros; null if invalid. */
function expandIpv6(address: string): string[] | null {
  if (!/^[0-9a-f:]+$/i.test(address) || address.split('::').length > 2) return null
  const [head = '', tail] = address.split('::')
  const left = head === '' ? [] : head.split(':')
  const right = tail === undefined || tail === '' ? [] : tail.split(':')
  const missing = 8 - left.length - right.length
  if (tail === undefined ? missing !== 0 : missing < 1) return null
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right]
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return null
  return groups.map((group) => Number.parseInt(group, 16).toString(16))
}
