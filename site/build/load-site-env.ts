import { z } from 'zod'

/** Build-time settings of the site. They are baked into the bundle, so none of them may be secret. */
export interface SiteEnv {
  PRODUCT_NAME: string
  /** Where the page loads the widget loader from, exactly as a partner's snippet would. */
  WIDGET_SCRIPT_URL: string
  /** Origin (and optional path) in front of `/api/...`; '' means the site's own origin. */
  SITE_API_BASE: string
  /** The 15-minute intro meeting on Calendly; '' means booking is not configured. */
  CALENDLY_URL: string
}

/** A plausible default so a fresh clone shows the booking flow; set CALENDLY_URL to your own. */
export const DEFAULT_CALENDLY_URL = 'https://calendly.com/callpilot/15min'

const isPathOrHttpUrl = (value: string): boolean =>
  (value.startsWith('/') && !value.startsWith('//')) || /^https?:\/\/[^/\s]+/.test(value)

// An empty variable (`PRODUCT_NAME=` in .env) means "use the default", not "use nothing".
const emptyAsUnset = (value: unknown): unknown => (value === '' ? undefined : value)

const SiteEnvSchema = z.object({
  PRODUCT_NAME: z.preprocess(emptyAsUnset, z.string().trim().min(1).max(40).default('CallPilot')),
  WIDGET_SCRIPT_URL: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .refine(isPathOrHttpUrl, 'must be a path starting with / or an http(s) URL')
      .default('/widget.mjs'),
  ),
  SITE_API_BASE: z
    .string()
    .refine((value) => value === '' || isPathOrHttpUrl(value), 'must be empty, a path or an http(s) URL')
    .transform((value) => value.replace(/\/+$/, ''))
    .default(''),
  // Here an empty value is meaningful: it switches online booking off (the page says so).
  CALENDLY_URL: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || /^https:\/\/[^/\s]+\/\S*$/.test(value),
      'must be empty or an https URL',
    )
    .default(DEFAULT_CALENDLY_URL),
})

/** Reads and checks the site's build settings; every bad variable is named in one error. */
export function loadSiteEnv(env: Record<string, string | undefined>): SiteEnv {
  const result = SiteEnvSchema.safeParse(env)
  if (result.success) return result.data
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
  throw new Error(`Invalid site build environment:\n${lines.join('\n')}`)
}
