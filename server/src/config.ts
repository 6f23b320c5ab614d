import { z } from 'zod'
import type { VoiceConfig } from '#core/public-config.ts'
import type { PhoneCallConfig, PhoneCallLimits } from './calls/phone-call-config.ts'
import { parseAllowedHosts } from './common/address-guard.ts'
import { ConfigError } from './common/config-error.ts'
import { wholeNumber } from './common/env-number.ts'
import { DEFAULT_HOST, DEFAULT_PORT } from './common/site-origin.ts'
import { listRetiredDatabaseVariables, POSTGRES_URL } from './db/database-url.ts'
import { DEFAULT_DEMO_TIME_ZONE, isTimeZone } from './demo/demo-settings.ts'
import { ENGAGEMENT_ENV, type EngagementConfig, toEngagementConfig } from './events/engagement-config.ts'
import { checkSmtpUrl, type MailConfig } from './mail/mail-settings.ts'
import type { NotifyConfig } from './notify/nudge-settings.ts'
import {
  checkVideoEnv,
  toVideoCallConfig,
  toVideoCallLimits,
  VIDEO_ENV,
  type VideoCallConfig,
  type VideoCallLimits,
} from './video/video-call-config.ts'

const PORT_RULE = 'must be a whole number from 0 to 65535'

const ServerEnv = z.object({
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, PORT_RULE)
    .transform(Number)
    .refine((port) => port <= 65535, PORT_RULE)
    .default(DEFAULT_PORT),
  HOST: z.string().trim().min(1, 'must not be blank').default(DEFAULT_HOST),
  DATA_DIR: z.string().trim().min(1, 'must not be blank').optional(),
  // The folder of the agent templates (one <name>.md each); unset, the repository's agent-templates/.
  AGENT_TEMPLATES_DIR: z.string().trim().min(1, 'must not be blank').optional(),
  PRODUCT_NAME: z
    .string()
    .trim()
    .min(1, 'must not be blank')
    .max(60, 'must be at most 60 characters')
    .default('CallPilot'),
  // The team's scheduling link, the same setting the site is built with: a prospect whose rep gave no
  // link of their own books here ("Book a call"); empty: no such fallback.
  CALENDLY_URL: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || /^https:\/\/[^/\s]+\/\S*$/.test(value),
      'must be empty or an https URL',
    )
    .default('https://calendly.com/callpilot/15min'),
  // PostgreSQL instead of the embedded database (hosted Supabase: the project's database URL).
  DATABASE_URL: z
    .string()
    .trim()
    .regex(POSTGRES_URL, 'must be a postgres:// URL, e.g. postgres://user:password@host:5432/db')
    .optional(),
  // Supabase hands its edge functions the database's URL under this name: read when DATABASE_URL is not set.
  SUPABASE_DB_URL: z.string().trim().regex(POSTGRES_URL, 'must be a postgres:// URL').optional(),
  // With DATABASE_URL: apply pending migrations at start (on), or leave that to `npm run db -- migrate` (off).
  DATABASE_MIGRATE: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  VAPI_PUBLIC_KEY: z.string().trim().min(8, 'must be the Vapi public key').optional(),
  VAPI_ASSISTANT_ID: z.string().trim().min(1).optional(),
  VAPI_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://api.vapi.ai'),
  VAPI_MODEL_PROVIDER: z.string().trim().min(1).default('openai'),
  VAPI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  VAPI_PRIVATE_KEY: z.string().trim().min(8, 'must be the Vapi private key').optional(),
  VAPI_PHONE_NUMBER_ID: z.string().trim().min(1).optional(),
  PHONE_CALL_TIMEOUT_MS: wholeNumber(1000, 60000).default(10000),
  // 0 is allowed: it turns phone calls off for that scope until the variable changes.
  PHONE_LIMIT_PER_IP_HOURLY: wholeNumber(0, 100000).default(5),
  PHONE_LIMIT_PER_NUMBER_DAILY: wholeNumber(0, 100000).default(3),
  PHONE_LIMIT_PER_PROSPECT_DAILY: wholeNumber(0, 100000).default(20),
  PHONE_LIMIT_GLOBAL_DAILY: wholeNumber(0, 1000000).default(100),
  CALL_HASH_SECRET: z.string().trim().min(32, 'must be at least 32 characters (a random secret)').optional(),
  TRUSTED_PROXY_HEADER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]+$/, 'must be a header name, e.g. x-forwarded-for or cf-connecting-ip')
    .transform((name) => name.toLowerCase())
    .optional(),
  // Where the site is published: canonical links and link previews name it (absolute URLs).
  SITE_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .trim()
      .regex(/^https?:\/\/[^/\s]+(\/\S*)?$/, 'must be an http(s) URL, e.g. https://demo.example.com')
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
  ),
  // Call records (phone-call attempts, video conversations) are kept this long, for audits of a bill
  // or an abuse report, then deleted, so that storage stays bounded whatever the traffic.
  CALL_RECORD_RETENTION_DAYS: wholeNumber(1, 3650).default(30),
  // The voice platform's server-webhook secret (sent as X-Vapi-Secret); unset, its reports are refused.
  VAPI_WEBHOOK_SECRET: z
    .string()
    .trim()
    .min(16, 'must be at least 16 characters (a random secret)')
    .optional(),
  // The time zone of the demo calendar the agent books into (an IANA name); the business's own clock.
  DEMO_TIME_ZONE: z
    .string()
    .trim()
    .refine(isTimeZone, 'must be a time zone name such as America/New_York or Europe/London')
    .default(DEFAULT_DEMO_TIME_ZONE),
  // A Slack-compatible incoming webhook for the reps' nudges; unset, no nudge is queued.
  NOTIFY_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  NOTIFY_DEDUPE_MINUTES: wholeNumber(1, 10080).default(360),
  // Authorises a scheduler's POST to the outbox's drain route (the edge function, where no process lives).
  NOTIFY_DRAIN_SECRET: z
    .string()
    .trim()
    .min(32, 'must be at least 32 characters (a random secret)')
    .optional(),
  // Mail through SMTP (server/src/mail/): invitations, new links, password resets, nudges by email.
  // Checked in full below (checkSmtpUrl), so the message names what is missing.
  SMTP_URL: z.string().trim().optional(),
  MAIL_FROM: z.email({ error: 'must be an email address, e.g. team@example.com' }).optional(),
  // Reading prospects' websites (server/src/website/).
  // host:port pairs, read by parseAllowedHosts below (which names a bad entry).
  WEBSITE_READER_ALLOWED_HOSTS: z.string().optional(),
  WEBSITE_READS_PER_REP_HOURLY: wholeNumber(1, 100_000).default(120),
  WEBSITE_READER_CONCURRENCY: wholeNumber(1, 64).default(16),
  LLM_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  LLM_API_KEY: z.string().trim().optional(),
  LLM_MODEL: z.string().trim().optional(),
  ...VIDEO_ENV,
  ...ENGAGEMENT_ENV,
})

export type DatabaseConfig =
  /** Embedded PGlite; `dataDir` null means the default `.data/` at the repository root. */
  | { kind: 'embedded'; dataDir: string | null }
  /** PostgreSQL at `url`; `migrate`: apply pending migrations at start. */
  | { kind: 'postgres'; url: string; migrate: boolean }

export interface ServerConfig {
  port: number
  host: string
  productName: string
  database: DatabaseConfig
  /** `AGENT_TEMPLATES_DIR`; null: the repository's agent-templates/ (the Node server reads it at start). */
  agentTemplatesDir: string | null
  /** Browser voice calls; null without a Vapi public key. */
  voice: VoiceConfig | null
  /** Null without both `VAPI_PRIVATE_KEY` and `VAPI_PHONE_NUMBER_ID`: the dialog then says so. */
  phoneCall: PhoneCallConfig | null
  phoneLimits: PhoneCallLimits
  /**
   * Keys the HMAC that stands in for phone numbers and client IPs in the database. Null without
   * `CALL_HASH_SECRET`: the Node server derives one from the data directory's local secret, on the
   * embedded database and on PostgreSQL alike (the edge function has no data directory: it requires it).
   */
  callHashSecret: string | null
  /** `DATA_DIR` as given; null: the default `.data/`. Where the local secret is kept on PostgreSQL too. */
  dataDir: string | null
  /** The header a trusted proxy puts the client's address in; null: the socket's address. */
  trustedProxyHeader: string | null
  /** `SITE_URL` without a trailing slash; null: each page names the origin it was asked at. */
  siteUrl: string | null
  /** Days a phone-call attempt or video conversation is kept before it is pruned. */
  callRecordRetentionDays: number
  /** Video support calls; null without `TAVUS_API_KEY` or `VIDEO_WEBHOOK_URL` (the button then explains). */
  videoCall: VideoCallConfig | null
  videoLimits: VideoCallLimits
  engagement: EngagementConfig
  /** Null without `VAPI_WEBHOOK_SECRET`: end-of-call reports are then refused (503, logged once). */
  vapiWebhookSecret: string | null
  /** The time zone of the demo agent's calendar (`DEMO_TIME_ZONE`). */
  demoTimeZone: string
  notify: NotifyConfig
  /** Null without `SMTP_URL`: nothing is emailed and the screens say the link must be passed on by hand. */
  mail: MailConfig | null
  websiteReader: WebsiteReaderConfig
  /** `CALENDLY_URL`: where a prospect books a call when their rep gave no link; null: nowhere. */
  teamSchedulingUrl: string | null
}

/** Reading prospects' websites. */
export interface WebsiteReaderConfig {
  /** `host:port`s the reader may reach though they are not public addresses (tests, intranets). */
  allowedHosts: ReadonlySet<string>
  /** An OpenAI-compatible chat-completions endpoint; null: structured data and page text alone. */
  ai: { url: string; apiKey: string; model: string } | null
  /** "Fill from website" requests per rep per hour. */
  perRepHourly: number
  /** Sites read at once in the background (one request at a time per host). */
  concurrency: number
}

export interface LoadConfigOptions {
  /**
   * The edge function: no embedded database there, so a database URL is required; and no address it
   * listens on, so nudges need SITE_URL for their link to the prospect's page.
   */
  hostedOnly?: boolean
}

/**
 * Validates the server's environment once, listing every bad variable in one message. A function of
 * `env` because on the edge the environment arrives with each request. Empty values count as unset,
 * so a copied `.env.example` with blanks means "use the default".
 */
export function loadServerConfig(
  env: Record<string, string | undefined>,
  options: LoadConfigOptions = {},
): ServerConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = ServerEnv.safeParse(present)
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  const url = present.DATABASE_URL ?? present.SUPABASE_DB_URL
  problems.push(...listRetiredDatabaseVariables(present))
  if (url === undefined && options.hostedOnly) {
    problems.push('DATABASE_URL: is required here, where there is no embedded database')
  }
  // The Node server derives it from its data directory's local secret; the edge has no data directory.
  if (options.hostedOnly && present.CALL_HASH_SECRET === undefined) {
    problems.push('CALL_HASH_SECRET: is required here (a random secret of 32+ characters)')
  }
  // A nudge always links to the prospect's page for reps; the Node server falls back to where it
  // listens (common/site-origin.ts), the edge has no such address.
  if (options.hostedOnly && present.NOTIFY_WEBHOOK_URL !== undefined && present.SITE_URL === undefined) {
    problems.push(
      "SITE_URL: is required here with NOTIFY_WEBHOOK_URL (a nudge links to the prospect's page for reps)",
    )
  }
  if (present.SMTP_URL !== undefined) {
    const problem = checkSmtpUrl(present.SMTP_URL.trim())
    if (problem !== null) problems.push(`SMTP_URL: ${problem}`)
  }
  if ((present.SMTP_URL === undefined) !== (present.MAIL_FROM === undefined)) {
    problems.push(
      present.SMTP_URL === undefined
        ? 'SMTP_URL: is needed with MAIL_FROM (the SMTP server the mail goes through)'
        : 'MAIL_FROM: is needed with SMTP_URL (the address the mail comes from)',
    )
  }
  problems.push(...checkVideoEnv(present))
  let allowedHosts: ReadonlySet<string> = new Set()
  try {
    allowedHosts = parseAllowedHosts(present.WEBSITE_READER_ALLOWED_HOSTS)
  } catch (error) {
    problems.push(`WEBSITE_READER_ALLOWED_HOSTS: ${error instanceof Error ? error.message : String(error)}`)
  }
  const llm = ['LLM_API_URL', 'LLM_API_KEY', 'LLM_MODEL'] as const
  const llmSet = llm.filter((name) => present[name] !== undefined)
  if (llmSet.length > 0 && llmSet.length < llm.length) {
    const missing = llm.filter((name) => present[name] === undefined).join(', ')
    problems.push(`${missing}: needed with ${llmSet.join(', ')} (the AI step takes all three, or none)`)
  }
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid server environment:\n${problems.map((line) => `  - ${line}`).join('\n')}`)
  }
  const e = parsed.data
  const databaseUrl = e.DATABASE_URL ?? e.SUPABASE_DB_URL
  const database: DatabaseConfig =
    databaseUrl !== undefined
      ? { kind: 'postgres', url: databaseUrl, migrate: e.DATABASE_MIGRATE === 'on' }
      : { kind: 'embedded', dataDir: e.DATA_DIR ?? null }
  const apiUrl = e.VAPI_API_URL.replace(/\/+$/, '')
  const model = { provider: e.VAPI_MODEL_PROVIDER, model: e.VAPI_MODEL }
  const voice: VoiceConfig | null = e.VAPI_PUBLIC_KEY
    ? { publicKey: e.VAPI_PUBLIC_KEY, defaultAssistantId: e.VAPI_ASSISTANT_ID ?? null, apiUrl, model }
    : null
  const phoneCall: PhoneCallConfig | null =
    e.VAPI_PRIVATE_KEY && e.VAPI_PHONE_NUMBER_ID
      ? {
          privateKey: e.VAPI_PRIVATE_KEY,
          phoneNumberId: e.VAPI_PHONE_NUMBER_ID,
          apiUrl,
          model,
          defaultAssistantId: e.VAPI_ASSISTANT_ID ?? null,
          timeoutMs: e.PHONE_CALL_TIMEOUT_MS,
        }
      : null
  return {
    port: e.PORT,
    host: e.HOST,
    productName: e.PRODUCT_NAME,
    database,
    agentTemplatesDir: e.AGENT_TEMPLATES_DIR ?? null,
    voice,
    phoneCall,
    phoneLimits: {
      perIpHourly: e.PHONE_LIMIT_PER_IP_HOURLY,
      perNumberDaily: e.PHONE_LIMIT_PER_NUMBER_DAILY,
      perProspectDaily: e.PHONE_LIMIT_PER_PROSPECT_DAILY,
      globalDaily: e.PHONE_LIMIT_GLOBAL_DAILY,
    },
    callHashSecret: e.CALL_HASH_SECRET ?? null,
    dataDir: e.DATA_DIR ?? null,
    trustedProxyHeader: e.TRUSTED_PROXY_HEADER ?? null,
    siteUrl: e.SITE_URL ?? null,
    callRecordRetentionDays: e.CALL_RECORD_RETENTION_DAYS,
    videoCall: toVideoCallConfig(e),
    videoLimits: toVideoCallLimits(e),
    engagement: toEngagementConfig(e),
    vapiWebhookSecret: e.VAPI_WEBHOOK_SECRET ?? null,
    demoTimeZone: e.DEMO_TIME_ZONE,
    notify: {
      on: e.NOTIFY_WEBHOOK_URL !== undefined || Boolean(e.SMTP_URL && e.MAIL_FROM),
      webhookUrl: e.NOTIFY_WEBHOOK_URL ?? null,
      dedupeMinutes: e.NOTIFY_DEDUPE_MINUTES,
      drainSecret: e.NOTIFY_DRAIN_SECRET ?? null,
    },
    mail:
      e.SMTP_URL && e.MAIL_FROM
        ? { smtpUrl: e.SMTP_URL, fromAddress: e.MAIL_FROM, productName: e.PRODUCT_NAME }
        : null,
    teamSchedulingUrl: e.CALENDLY_URL || null,
    websiteReader: {
      allowedHosts,
      ai:
        e.LLM_API_URL && e.LLM_API_KEY && e.LLM_MODEL
          ? { url: e.LLM_API_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL }
          : null,
      perRepHourly: e.WEBSITE_READS_PER_REP_HOURLY,
      concurrency: e.WEBSITE_READER_CONCURRENCY,
    },
  }
}

/**
 * Variables an earlier release read and this one ignores, each with what replaced it: one line
 * each for the operator at start, never a refusal to start (a stale deployment keeps working).
 */
export function listRetiredVariables(env: Record<string, string | undefined>): string[] {
  return env.SALES_TOOLS_SECRET
    ? [
        'SALES_TOOLS_SECRET is set but no longer used: sales reps now sign in with their own accounts ' +
          '(add one with npm run reps -- add <email>; see docs/operations.md).',
      ]
    : []
}
