import { describe, expect, it } from 'vitest'
import { getLocalSiteOrigin, getSiteOrigin } from './site-origin.ts'

describe('getSiteOrigin', () => {
  it('is SITE_URL when set, else the server’s http://HOST:PORT', () => {
    expect(getSiteOrigin({ siteUrl: 'https://demo.example.com', host: '127.0.0.1', port: 8787 })).toBe(
      'https://demo.example.com',
    )
    expect(getSiteOrigin({ siteUrl: null, host: '127.0.0.1', port: 9000 })).toBe('http://127.0.0.1:9000')
    expect(getSiteOrigin({ siteUrl: null, host: '::1', port: 80 })).toBe('http://[::1]:80')
  })

  it('names this machine’s loopback for a server on every address, which no browser can open', () => {
    expect(getSiteOrigin({ siteUrl: null, host: '0.0.0.0', port: 8787 })).toBe('http://127.0.0.1:8787')
    expect(getSiteOrigin({ siteUrl: null, host: '::', port: 8787 })).toBe('http://[::1]:8787')
  })
})

describe('getLocalSiteOrigin', () => {
  it('reads HOST and PORT as the server does, with its defaults', () => {
    expect(getLocalSiteOrigin({})).toBe('http://127.0.0.1:8787')
    expect(getLocalSiteOrigin({ HOST: 'localhost', PORT: '9000' })).toBe('http://localhost:9000')
    expect(getLocalSiteOrigin({ HOST: ' ', PORT: 'eighty' })).toBe('http://127.0.0.1:8787')
  })
})
