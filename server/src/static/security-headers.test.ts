import { describe, expect, it } from 'vitest'
import type { PolicySources } from './policy-sources.ts'
import {
  CALENDLY_ASSETS,
  DAILY_ENGINE,
  DAILY_SIGNALLING,
  DENIED_FEATURES,
  pageCspAllowances,
  pagePermissions,
  partnerPageHeaders,
  serializeCsp,
  sitePageHeaders,
} from './security-headers.ts'

/** Everything on: the product as deployed with voice, video and booking. */
const ALL: PolicySources = {
  apiOrigin: 'https://ref.supabase.co',
  widgetOrigin: 'https://cdn.example',
  calendlyOrigin: 'https://calendly.com',
  vapiApiOrigin: 'https://api.vapi.ai',
  videoFrameOrigins: ['https://tavus.daily.co', 'https://*.daily.co'],
}
/** Everything off or on our own origin. */
const NONE: PolicySources = {
  apiOrigin: null,
  widgetOrigin: null,
  calendlyOrigin: null,
  vapiApiOrigin: null,
  videoFrameOrigins: [],
}

/** The policy as a browser reads it: directive → sources. */
function directives(sources: PolicySources): Map<string, string[]> {
  const policy = serializeCsp(pageCspAllowances(sources))
  return new Map(
    policy.split('; ').map((directive) => {
      const [name = '', ...values] = directive.split(' ')
      return [name, values]
    }),
  )
}

/** The Permissions-Policy as `feature → allowlist`. */
const permissions = (sources: PolicySources) =>
  new Map(pagePermissions(sources).map(({ feature, allowlist }) => [feature, allowlist]))

describe("our pages' Content-Security-Policy, one reason per allowance", () => {
  it('refuses whatever is not allowed (default-src none), so every allowance below needs its reason', () => {
    expect(directives(NONE).get('default-src')).toEqual(["'none'"])
    for (const allowance of pageCspAllowances(ALL)) expect(allowance.reason.length).toBeGreaterThan(10)
  })

  it('runs only our own script files: no inline script, no eval (the theme comes from /theme-init.js)', () => {
    expect(directives(NONE).get('script-src')).toEqual(["'self'"])
    for (const source of directives(ALL).get('script-src') ?? []) {
      expect(source).not.toMatch(/unsafe|nonce|sha256|data:|\*$/)
    }
  })

  it('allows style attributes (the prerendered landing page has them), never <style> elements', () => {
    const policy = directives(ALL)
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"])
    expect(policy.get('style-src')).toEqual(["'self'", CALENDLY_ASSETS])
  })

  it('shows images from our origin (favicon, avatars) and the Calendly popup close icon only', () => {
    expect(directives(NONE).get('img-src')).toEqual(["'self'"])
    expect(directives(ALL).get('img-src')).toEqual(["'self'", CALENDLY_ASSETS])
  })

  it("talks to the API on our origin, and at SITE_API_BASE's origin when it is elsewhere", () => {
    expect(directives(NONE).get('connect-src')).toEqual(["'self'"])
    expect(directives({ ...NONE, apiOrigin: ALL.apiOrigin }).get('connect-src')).toEqual([
      "'self'",
      'https://ref.supabase.co',
    ])
  })

  it('loads the widget from WIDGET_SCRIPT_URL, and lets it call the origin it came from', () => {
    const policy = directives({ ...NONE, widgetOrigin: 'https://cdn.example' })
    expect(policy.get('script-src')).toEqual(["'self'", 'https://cdn.example'])
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://cdn.example'])
  })

  it("scheduler: Calendly's script, stylesheet, icon and frame while booking is on, nothing of it when off", () => {
    const on = directives({ ...NONE, calendlyOrigin: 'https://calendly.com' })
    expect(on.get('script-src')).toContain(CALENDLY_ASSETS)
    expect(on.get('style-src')).toContain(CALENDLY_ASSETS)
    expect(on.get('frame-src')).toEqual(['https://calendly.com'])
    expect(serializeCsp(pageCspAllowances(NONE))).not.toContain('calendly')
  })

  it("voice call: Vapi's API, Daily's engine and signalling, and the meter's blob: worker, only with voice", () => {
    const on = directives({ ...NONE, vapiApiOrigin: 'http://127.0.0.1:4100' })
    expect(on.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:4100', ...DAILY_SIGNALLING])
    expect(on.get('script-src')).toEqual(["'self'", DAILY_ENGINE])
    expect(on.get('worker-src')).toEqual(['blob:'])
    const off = serializeCsp(pageCspAllowances(NONE))
    expect(off).not.toContain('daily')
    expect(off).not.toContain('worker-src')
  })

  it('video call: frames only on the hosts a conversation URL may have; no frames at all without video', () => {
    expect(directives({ ...NONE, videoFrameOrigins: ALL.videoFrameOrigins }).get('frame-src')).toEqual(
      ALL.videoFrameOrigins,
    )
    expect(directives(NONE).has('frame-src')).toBe(false) // default-src 'none' refuses every frame
    // The agent's voice plays from a MediaStream, which media-src does not govern: nothing to allow.
    expect(directives(ALL).has('media-src')).toBe(false)
  })

  it('allows no <base>, forms only to our origin, and no framing by any page (clickjacking)', () => {
    const policy = directives(ALL)
    expect(policy.get('base-uri')).toEqual(["'none'"])
    expect(policy.get('form-action')).toEqual(["'self'"])
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
  })
})

describe("our pages' Permissions-Policy", () => {
  it('allows the microphone, camera and autoplay to our page only with voice calls', () => {
    for (const feature of ['microphone', 'camera', 'autoplay']) {
      expect(permissions({ ...NONE, vapiApiOrigin: 'https://api.vapi.ai' }).get(feature)).toEqual(['self'])
      expect(permissions(NONE).get(feature)).toEqual([])
    }
  })

  it("delegates them to the video conversation's frame origins, which the widget's frame asks for", () => {
    const withVideo = permissions({
      ...NONE,
      videoFrameOrigins: ['https://tavus.daily.co', 'http://127.0.0.1:*'],
    })
    for (const feature of ['microphone', 'camera', 'autoplay']) {
      expect(withVideo.get(feature)).toEqual(['"https://tavus.daily.co"', '"http://127.0.0.1:*"'])
    }
  })

  it('refuses every other powerful feature to our pages and to every frame in them', () => {
    const policy = permissions(ALL)
    for (const feature of DENIED_FEATURES) expect(policy.get(feature), feature).toEqual([])
    expect(policy.get('display-capture')).toEqual([])
    expect(policy.get('geolocation')).toEqual([])
  })
})

describe('the headers of a page', () => {
  it('our pages: the policy, no framing, no sniffing, origin-only referrers; HSTS only over https', () => {
    const headers = sitePageHeaders(ALL, false)
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'")
    expect(headers['Permissions-Policy']).toMatch(/^microphone=\(self "https:\/\/tavus\.daily\.co"/)
    expect(headers).toMatchObject({
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    })
    expect(headers['Strict-Transport-Security']).toBeUndefined()
    expect(sitePageHeaders(ALL, true)['Strict-Transport-Security']).toBe('max-age=31536000')
  })

  it("partners' stand-ins: no policy of ours (theirs decides), only nosniff, the referrer rule and HSTS", () => {
    expect(partnerPageHeaders(true)).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Strict-Transport-Security': 'max-age=31536000',
    })
  })
})
