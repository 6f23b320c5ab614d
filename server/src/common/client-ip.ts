import type { Context } from 'hono'
import ipaddr from 'ipaddr.js'

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

/**
 * The address as one client is counted: IPv4 as is (also when written IPv4-mapped, `::ffff:1.2.3.4`),
 * IPv6 by its /64 network, since one subscriber usually holds a whole /64 and could otherwise rotate
 * through billions of addresses. Anything that is not an address is null; so are IPv4's legacy forms
 * (`127.1`, `0x7f.0.0.1`), which no socket or proxy reports.
 */
export function toLimitKey(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '') // [v6] brackets, zone id
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare).toString()
  if (!ipaddr.IPv6.isValid(bare)) return null
  const v6 = ipaddr.IPv6.parse(bare)
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString()
  return `${v6.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`
}
