import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createClientIpReader, toLimitKey } from './client-ip.ts'

/** What a request's reader sees, through a real Hono context. */
async function readIp(trustedHeader: string | null, headers: Record<string, string>, env?: unknown) {
  const reader = createClientIpReader(trustedHeader)
  const app = new Hono().get('/', (c) => c.json({ ip: reader(c) }))
  const res = await app.request('/', { headers }, env)
  return ((await res.json()) as { ip: string | null }).ip
}

const socket = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } })

describe('createClientIpReader', () => {
  it('uses the socket address and ignores forwarding headers when no proxy is trusted', async () => {
    const spoofed = { 'X-Forwarded-For': '1.2.3.4', 'CF-Connecting-IP': '5.6.7.8' }
    expect(await readIp(null, spoofed, socket('203.0.113.9'))).toBe('203.0.113.9')
    expect(await readIp(null, {}, socket('::ffff:203.0.113.9'))).toBe('203.0.113.9')
    expect(await readIp(null, spoofed)).toBeNull() // no socket (not on Node): unknown, not the header
  })

  it('takes the last X-Forwarded-For entry: the one the trusted proxy appended', async () => {
    const headers = { 'X-Forwarded-For': '6.6.6.6, 10.0.0.1, 198.51.100.7' }
    expect(await readIp('x-forwarded-for', headers, socket('10.0.0.2'))).toBe('198.51.100.7')
  })

  it('takes a single-address header as sent, and nothing when the proxy did not set it', async () => {
    expect(await readIp('cf-connecting-ip', { 'CF-Connecting-IP': '2001:db8::1' })).toBe('2001:db8:0:0::/64')
    expect(await readIp('cf-connecting-ip', {}, socket('10.0.0.2'))).toBeNull()
    expect(await readIp('cf-connecting-ip', { 'CF-Connecting-IP': 'not-an-ip' })).toBeNull()
  })
})

describe('toLimitKey', () => {
  it('keeps IPv4 and counts IPv6 by its /64, however it is written', () => {
    expect(toLimitKey('192.0.2.1')).toBe('192.0.2.1')
    expect(toLimitKey('2001:DB8:0001:0002:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(toLimitKey('[2001:db8:1:2::ffff]')).toBe('2001:db8:1:2::/64')
    expect(toLimitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(toLimitKey('::1')).toBe('0:0:0:0::/64')
  })

  it.each(['', '256.1.1.1', '1.2.3', '2001:db8::1::2', '1:2:3:4:5:6:7:8:9', 'gggg::1', 'example.com'])(
    'refuses %j',
    (value) => {
      expect(toLimitKey(value)).toBeNull()
    },
  )
})
