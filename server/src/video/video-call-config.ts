import { z } from 'zod'
import { VIDEO_CALL_SECONDS } from '#core/video-call.ts'
import { wholeNumber } from '../common/env-number.ts'
import { parseAllowedHosts } from './conversation-url.ts'

/** Where Daily rooms live: Tavus answers `https://tavus.daily.co/<id>`. */
export const DEFAULT_VIDEO_ALLOWED_HOSTS = ['tavus.daily.co', '*.daily.co']

const httpUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
const platformId = () => z.string().trim().min(1).max(200, 'must be at most 200 characters')

/** The video-call variables; part of the server's one environment schema (config.ts). */
export const VIDEO_ENV = {
  VIDEO_WEBHOOK_URL: httpUrl().optional(),
  VIDEO_REPLICA_ID: platformId().optional(),
  TAVUS_API_KEY: z.string().trim().min(8, 'must be the Tavus API key').optional(),
  TAVUS_PERSONA_ID: platformId().optional(),
  TAVUS_API_URL: httpUrl().default('https://tavusapi.com'),
  VIDEO_ALLOWED_HOSTS: z
    .string()
    .transform((value, ctx) => {
      const hosts = parseAllowedHosts(value)
      if (hosts) return hosts
      ctx.addIssue({
        code: 'custom',
        message: 'must be a comma-separated list of host names, e.g. tavus.daily.co,*.daily.co',
      })
      return z.NEVER
    })
    .default(DEFAULT_VIDEO_ALLOWED_HOSTS),
  VIDEO_CALL_TIMEOUT_MS: wholeNumber(1000, 60000).default(10000),
  // Tavus accepts up to 3600 s; a few seconds is for end-to-end tests of the automatic end.
  VIDEO_MAX_DURATION_SECONDS: wholeNumber(5, 3600).default(VIDEO_CALL_SECONDS),
  // 0 is allowed: it closes that scope until the variable changes. Sized for visitors who share one
  // address (a clinic's Wi-Fi, a carrier's address): a front desk of several people may each try the
  // call within the hour; the cost stays bounded per prospect and in all.
  VIDEO_LIMIT_PER_IP_HOURLY: wholeNumber(0, 100000).default(10),
  VIDEO_LIMIT_PER_PROSPECT_DAILY: wholeNumber(0, 100000).default(10),
  VIDEO_LIMIT_GLOBAL_DAILY: wholeNumber(0, 1000000).default(50),
}

type VideoEnv = z.output<z.ZodObject<typeof VIDEO_ENV>>

/**
 * The platform that creates conversations. Tavus's API when its key is set (it wins over a webhook
 * also configured), else the automation webhook, which is unauthenticated.
 */
export type VideoBackendConfig =
  | {
      kind: 'tavus'
      apiUrl: string
      apiKey: string
      /** At least one of the two is set: a persona brings its default replica, a replica the default persona. */
      replicaId: string | null
      personaId: string | null
    }
  | { kind: 'webhook'; url: string; replicaId: string }

export interface VideoCallConfig {
  backend: VideoBackendConfig
  /** Hosts a `conversation_url` may be on (`*.example.com`: any subdomain); see conversation-url.ts. */
  allowedHosts: string[]
  /** One attempt, no retry (a retried POST can start, and bill, two conversations). */
  timeoutMs: number
  maxDurationSeconds: number
}

/** Video calls allowed per client address per hour, per prospect and in all per day (UTC); over any: 429. */
export interface VideoCallLimits {
  perIpHourly: number
  perProspectDaily: number
  globalDaily: number
}

/** Half a configuration would fail at the first call: say so at start instead. */
export function checkVideoEnv(present: Record<string, string | undefined>): string[] {
  if (present.TAVUS_API_KEY !== undefined) {
    return present.VIDEO_REPLICA_ID === undefined && present.TAVUS_PERSONA_ID === undefined
      ? ['TAVUS_PERSONA_ID: is missing; set TAVUS_PERSONA_ID, VIDEO_REPLICA_ID or both with TAVUS_API_KEY']
      : []
  }
  if (present.VIDEO_WEBHOOK_URL !== undefined && present.VIDEO_REPLICA_ID === undefined) {
    return ['VIDEO_REPLICA_ID: is required with VIDEO_WEBHOOK_URL (the webhook body carries replica_id)']
  }
  return []
}

export function toVideoCallConfig(e: VideoEnv): VideoCallConfig | null {
  const backend: VideoBackendConfig | null = e.TAVUS_API_KEY
    ? {
        kind: 'tavus',
        apiUrl: e.TAVUS_API_URL.replace(/\/+$/, ''),
        apiKey: e.TAVUS_API_KEY,
        replicaId: e.VIDEO_REPLICA_ID ?? null,
        personaId: e.TAVUS_PERSONA_ID ?? null,
      }
    : e.VIDEO_WEBHOOK_URL && e.VIDEO_REPLICA_ID
      ? { kind: 'webhook', url: e.VIDEO_WEBHOOK_URL, replicaId: e.VIDEO_REPLICA_ID }
      : null
  if (!backend) return null
  return {
    backend,
    allowedHosts: e.VIDEO_ALLOWED_HOSTS,
    timeoutMs: e.VIDEO_CALL_TIMEOUT_MS,
    maxDurationSeconds: e.VIDEO_MAX_DURATION_SECONDS,
  }
}

export const toVideoCallLimits = (e: VideoEnv): VideoCallLimits => ({
  perIpHourly: e.VIDEO_LIMIT_PER_IP_HOURLY,
  perProspectDaily: e.VIDEO_LIMIT_PER_PROSPECT_DAILY,
  globalDaily: e.VIDEO_LIMIT_GLOBAL_DAILY,
})
