import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

/**
 * Whether the website reader may connect to this IP address: only to the public internet. A server
 * that fetches addresses people type is a way into the network it runs on (the database beside it,
 * an admin page on 10.x, the cloud's metadata service at 169.254.169.254), so every address it would
 * connect to is judged here first, after DNS, never by the name alone.
 *
 * Allowed: what ipaddr.js calls plain 'unicast' and nothing else, so loopback, private, link-local,
 * carrier-grade NAT, multicast, broadcast, documentation, benchmarking and other reserved ranges are
 * all refused, and so are the IPv6 forms that carry an IPv4 address inside (6to4, Teredo, NAT64),
 * since what they reach is decided by the embedded address. An IPv4-mapped IPv6 address
 * (::ffff:127.0.0.1, ::ffff:7f00:1) is the IPv4 address it maps, judged as such. IPv6 must also be in
 * 2000::/3, the only block handed out for the global internet; this refuses the deprecated
 * IPv4-compatible ::a.b.c.d and anything else IANA keeps in reserve.
 *
 * Only strict notation is judged: 127.1, 0x7f.0.0.1 or 010.0.0.1 are refused outright rather than
 * read one way here and another by whatever connects.
 */
export function isPublicAddress(ip: string): boolean {
  const version = isIP(ip)
  if (version === 0) return false
  // ipaddr.js reads the IPv4-compatible ::a.b.c.d as the mapped ::ffff:a.b.c.d; it is neither mapped
  // nor in 2000::/3, so it is refused before that reading can make it look like a public IPv4.
  if (version === 6 && IPV4_COMPATIBLE.test(ip)) return false
  let address: ipaddr.IPv4 | ipaddr.IPv6
  try {
    address = ipaddr.parse(ip)
  } catch {
    return false
  }
  if (address.kind() === 'ipv6') {
    const v6 = address as ipaddr.IPv6
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast'
    if (!v6.match(GLOBAL_UNICAST_V6)) return false
  }
  return address.range() === 'unicast'
}

const IPV4_COMPATIBLE = /^::\d+\.\d+\.\d+\.\d+(%.*)?$/

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number]

/**
 * `WEBSITE_READER_ALLOWED_HOSTS`: comma-separated `host:port` entries exempt from the public-address
 * rule, for tests (fixture sites on 127.0.0.1) and intranets. Only that exact host and port is
 * exempt: `intranet.example:443` does not open `intranet.example:22`, nor another name that resolves
 * to the same address. Entries are trimmed and lowercased, IPv6 is written in brackets
 * (`[::1]:8080`), and written the way a URL's host is (so `[0:0::1]:80` matches `http://[::1]:80/`).
 * Throws an Error naming an entry that is not a host:port, so a typo stops the server at start
 * rather than silently allowing nothing.
 */
export function parseAllowedHosts(value: string | undefined): ReadonlySet<string> {
  const hosts = new Set<string>()
  for (const raw of (value ?? '').split(',')) {
    const entry = raw.trim().toLowerCase()
    if (entry === '') continue
    hosts.add(parseHostPort(entry))
  }
  return hosts
}

const HOST_PORT = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):(\d{1,5})$/

function parseHostPort(entry: string): string {
  const match = HOST_PORT.exec(entry)
  const port = Number(match?.[2])
  if (!match?.[1] || !(port >= 1 && port <= 65535)) {
    throw new Error(`WEBSITE_READER_ALLOWED_HOSTS: "${entry}" is not a host:port (e.g. intranet.example:443)`)
  }
  let hostname: string
  try {
    // The URL parser writes the host the way the reader will see it in an address.
    hostname = new URL(`http://${match[1]}/`).hostname
  } catch {
    throw new Error(`WEBSITE_READER_ALLOWED_HOSTS: "${entry}" is not a host:port (e.g. intranet.example:443)`)
  }
  return `${hostname}:${port}`
}

/**
 * The key an address is looked up by in the allowed hosts: its host as the URL parser writes it
 * (IPv6 in brackets) and its port, the scheme's default when none is written.
 */
export function hostPortOf(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80')
  return `${url.hostname.toLowerCase()}:${port}`
}
