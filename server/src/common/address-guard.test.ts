import { describe, expect, it } from 'vitest'
import { hostPortOf, isPublicAddress, parseAllowedHosts } from './address-guard.ts'

describe('isPublicAddress', () => {
  it.each([
    // IPv4: the inside of every network the server could sit in.
    ['127.0.0.1', false],
    ['127.255.255.254', false],
    ['10.0.0.1', false],
    ['10.255.255.255', false],
    ['172.16.0.1', false],
    ['172.31.255.254', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false], // the cloud's metadata service
    ['169.254.0.1', false],
    ['100.64.0.1', false], // carrier-grade NAT
    ['100.127.255.254', false],
    ['0.0.0.0', false],
    ['0.1.2.3', false],
    ['255.255.255.255', false],
    ['224.0.0.1', false],
    ['239.255.255.250', false],
    ['192.0.2.1', false], // documentation
    ['198.51.100.7', false],
    ['203.0.113.9', false],
    ['198.18.0.1', false], // benchmarking
    ['240.0.0.1', false],
    // IPv4 written loosely: refused rather than read one way here and another elsewhere.
    ['127.1', false],
    ['0x7f.0.0.1', false],
    ['2130706433', false],
    ['010.0.0.1', false],
    // IPv6
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fe80::1%eth0', false],
    ['fd00::1', false],
    ['fc00::1', false],
    ['ff02::1', false],
    ['2001:db8::1', false], // documentation
    ['fec0::1', false], // old site-local
    ['100::1', false], // discard
    // IPv6 carrying an IPv4 address inside.
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['0:0:0:0:0:ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:169.254.169.254', false],
    ['::127.0.0.1', false], // IPv4-compatible (deprecated)
    ['::8.8.8.8', false],
    ['::ffff:0:127.0.0.1', false], // SIIT
    ['64:ff9b::127.0.0.1', false], // NAT64
    ['64:ff9b::a00:1', false],
    ['2002:7f00:1::', false], // 6to4 around 127.0.0.1
    ['2002:a00:1::1', false], // 6to4 around 10.0.0.1
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false], // Teredo
    ['1:2:3:4:5:6:7:8', false], // outside 2000::/3
    // Not addresses at all.
    ['', false],
    ['localhost', false],
    ['example.com', false],
    ['[::1]', false],
    ['1.2.3.4.5', false],
    // The public internet.
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['93.184.216.34', true],
    ['172.32.0.1', true], // just past 172.16/12
    ['100.128.0.1', true], // just past 100.64/10
    ['::ffff:8.8.8.8', true], // mapped: judged as the IPv4 it maps
    ['2606:4700:4700::1111', true],
    ['2001:4860:4860::8888', true],
    ['2a00:1450:4001:80b::200e', true],
  ])('%s → %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected)
  })
})

describe('parseAllowedHosts', () => {
  it('reads comma-separated host:port entries, trimmed and lowercased', () => {
    expect([...parseAllowedHosts(' 127.0.0.1:4000, Intranet.Example:443 ,,[::1]:8080 ')]).toEqual([
      '127.0.0.1:4000',
      'intranet.example:443',
      '[::1]:8080',
    ])
  })

  it('writes hosts the way a URL does, so an entry matches the address it names', () => {
    const hosts = parseAllowedHosts('[0:0::1]:80,intranet.example:443')
    expect(hosts.has(hostPortOf(new URL('http://[::1]:80/')))).toBe(true)
    expect(hosts.has(hostPortOf(new URL('https://INTRANET.example/about')))).toBe(true)
    // Only that exact port.
    expect(hosts.has(hostPortOf(new URL('http://intranet.example/')))).toBe(false)
  })

  it('allows nothing when unset or empty', () => {
    expect(parseAllowedHosts(undefined).size).toBe(0)
    expect(parseAllowedHosts('').size).toBe(0)
    expect(parseAllowedHosts(' , ').size).toBe(0)
  })

  it.each([
    'intranet.example',
    'intranet.example:',
    ':443',
    'a:0',
    'a:65536',
    'http://a:80',
    'a b:80',
    'a:80/x',
    '[::1:80',
  ])('refuses %j, naming it', (entry) => {
    expect(() => parseAllowedHosts(`127.0.0.1:4000,${entry}`)).toThrow(`"${entry}"`)
  })
})
