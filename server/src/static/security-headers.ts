import type { PolicySources } from './policy-sources.ts'

/**
 * The security headers of our pages, each allowance with the reason the site needs it (docs/deployment.md,
 * "Security headers", says the same; security-headers.test.ts checks each reason against the
 * sources it needs). Everything not allowed here is refused.
 */

/** One directive's sources and why the site needs them. */
export interface Allowance {
  directive: string
  sources: readonly string[]
  reason: string
}

/** One Permissions-Policy feature's allowlist (empty: nobody) and why. */
export interface FeatureAllowance {
  feature: string
  allowlist: readonly string[]
  reason: string
}

/** Daily's CDN, from which daily-js adds its call engine as a script. */
export const DAILY_ENGINE = 'https://c.daily.co'
/** What the engine connects to: room lookups and signalling (Daily's CSP guide, call-object mode). */
export const DAILY_SIGNALLING = ['https://*.daily.co', 'wss://*.wss.daily.co', 'https://*.pluot.blue']
/** Calendly's embed script and stylesheet, and the image that stylesheet draws. */
export const CALENDLY_ASSETS = 'https://assets.calendly.com'

const allow = (directive: string, sources: readonly string[], reason: string): Allowance[] =>
  sources.length > 0 ? [{ directive, sources, reason }] : []
const ifSet = (origin: string | null, make: (origin: string) => Allowance[]): Allowance[] =>
  origin === null ? [] : make(origin)

/** The Content-Security-Policy of our pages, as allowances. */
export function pageCspAllowances(s: PolicySources): Allowance[] {
  return [
    ...allow('default-src', ["'none'"], 'whatever is not allowed below is refused'),
    ...allow(
      'script-src',
      ["'self'"],
      "the site's bundle, /theme-init.js (the theme before the first paint: a file, so no inline script) and the widget with its chunks",
    ),
    ...allow('style-src', ["'self'"], "the site's stylesheet"),
    ...allow(
      'style-src-attr',
      ["'unsafe-inline'"],
      "style attributes only: the prerendered landing page carries React's style props (animation delays, colours) as attributes; no <style> element, no script",
    ),
    ...allow('img-src', ["'self'"], "the favicon and the testimonials' avatars"),
    ...allow('font-src', ["'self'"], "Inter, the site's typeface, from the build's assets"),
    ...allow(
      'connect-src',
      ["'self'"],
      'the API on our origin: prospects, config, calls, the sales list, the end-call beacon',
    ),
    ...ifSet(s.apiOrigin, (api) => allow('connect-src', [api], 'the API at SITE_API_BASE')),
    ...ifSet(s.widgetOrigin, (widget) => [
      ...allow('script-src', [widget], 'the widget and its chunks from WIDGET_SCRIPT_URL'),
      ...allow(
        'connect-src',
        [widget],
        "the widget's API requests, by default to the origin it was loaded from",
      ),
    ]),
    ...ifSet(s.calendlyOrigin, (calendly) => [
      ...allow(
        'script-src',
        [CALENDLY_ASSETS],
        "scheduler: Calendly's embed script (inline calendar, popup)",
      ),
      ...allow('style-src', [CALENDLY_ASSETS], "scheduler: Calendly's embed stylesheet"),
      ...allow('img-src', [CALENDLY_ASSETS], "scheduler: the popup's close icon, drawn by that stylesheet"),
      ...allow('frame-src', [calendly], "scheduler: the booking calendar, a frame on CALENDLY_URL's origin"),
    ]),
    ...ifSet(s.vapiApiOrigin, (vapi) => [
      ...allow('connect-src', [vapi], "voice call: the Vapi SDK's POST /call/web at VAPI_API_URL"),
      ...allow(
        'script-src',
        [DAILY_ENGINE],
        "voice call: Daily's call engine, a script from Daily's CDN (daily-js runs with avoidEval: no 'unsafe-eval')",
      ),
      ...allow('connect-src', DAILY_SIGNALLING, "voice call: the engine's room lookups and signalling"),
      ...allow(
        'worker-src',
        ['blob:'],
        "voice call: the widget's level meter, a worker started from a blob: URL (refused, it runs on the main thread)",
      ),
    ]),
    ...allow(
      'frame-src',
      s.videoFrameOrigins,
      'video call: the conversation page, on a host of VIDEO_ALLOWED_HOSTS',
    ),
    ...allow('base-uri', ["'none'"], 'no <base>: an injected one would move every relative script URL'),
    ...allow(
      'form-action',
      ["'self'"],
      "forms submit to our origin only (the snippet page's are handled by script)",
    ),
    ...allow(
      'frame-ancestors',
      ["'none'"],
      "no page may frame ours: the reps' pages under /_/ take passwords and change prospects, and a frame invites clickjacking",
    ),
  ]
}

/**
 * Features the site never uses: refused to our pages and every frame in them (Calendly's included).
 * Only names Chromium knows, since it logs each unknown one; the clipboard is left alone, since the
 * snippet page copies and reading always asks the visitor.
 */
export const DENIED_FEATURES = [
  'accelerometer',
  'browsing-topics',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'window-management',
  'xr-spatial-tracking',
] as const

/** The Permissions-Policy of our pages, as allowances. */
export function pagePermissions(s: PolicySources): FeatureAllowance[] {
  const page = s.vapiApiOrigin === null ? [] : ['self']
  const frames = s.videoFrameOrigins.map((origin) => `"${origin}"`)
  return [
    {
      feature: 'microphone',
      allowlist: [...page, ...frames],
      reason: 'the voice call in our page; the video conversation in its frame',
    },
    {
      feature: 'camera',
      allowlist: [...page, ...frames],
      reason:
        'the video conversation in its frame; in our page, a voice call whose Vapi assistant records video',
    },
    {
      feature: 'autoplay',
      allowlist: [...page, ...frames],
      reason: "the agent's voice plays without another click; the conversation frame plays its video",
    },
    ...DENIED_FEATURES.map((feature) => ({ feature, allowlist: [], reason: 'nothing on the site uses it' })),
  ]
}

export function serializeCsp(allowances: readonly Allowance[]): string {
  const directives = new Map<string, string[]>()
  for (const { directive, sources } of allowances) {
    const list = directives.get(directive) ?? []
    directives.set(directive, [...list, ...sources.filter((source) => !list.includes(source))])
  }
  return [...directives].map(([directive, sources]) => `${directive} ${sources.join(' ')}`).join('; ')
}

export const serializePermissions = (allowances: readonly FeatureAllowance[]): string =>
  allowances.map(({ feature, allowlist }) => `${feature}=(${allowlist.join(' ')})`).join(', ')

/** Path and query stay on our origin: a prospect's slug names their business. */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin'
/** A year; no includeSubDomains, which would bind hosts this product does not own. */
export const HSTS = 'max-age=31536000'

/** What every page gets, ours and the partner stand-ins: no sniffing, the referrer rule, HSTS on https. */
const everyPageHeaders = (https: boolean): Record<string, string> => ({
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': REFERRER_POLICY,
  ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
})

/** Our pages: the policy above and no framing, besides what every page gets. */
export function sitePageHeaders(s: PolicySources, https: boolean): Record<string, string> {
  return {
    'Content-Security-Policy': serializeCsp(pageCspAllowances(s)),
    'Permissions-Policy': serializePermissions(pagePermissions(s)),
    // For browsers that predate frame-ancestors.
    'X-Frame-Options': 'DENY',
    ...everyPageHeaders(https),
  }
}

/**
 * The embed demos stand in for partners' pages: no policy of ours (a partner's page has its own; the
 * scenarios have inline styles, a srcdoc frame, and the host-page CSP an e2e spec gives one of them).
 */
export const partnerPageHeaders = everyPageHeaders
