import { z } from 'zod'
import { wholeNumber } from '../env-number.ts'

/** The engagement variables; part of the server's one environment schema (config.ts). */
export const ENGAGEMENT_ENV = {
  // Engagement events and call reports are kept this long, then deleted.
  EVENT_RETENTION_DAYS: wholeNumber(1, 3650).default(180),
  // Event batches per client address per minute, and events per prospect per minute; 0 stops storing.
  EVENT_LIMIT_PER_IP_MINUTE: wholeNumber(0, 100000).default(60),
  EVENT_LIMIT_PER_PROSPECT_MINUTE: wholeNumber(0, 1000000).default(600),
  // A personal access token of the Calendly account the site's scheduler books into: with it, each
  // booking a page reports is looked up there before it counts. Unset, its address's form is checked.
  CALENDLY_API_TOKEN: z.string().trim().min(16, 'must be a Calendly personal access token').optional(),
  CALENDLY_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://api.calendly.com'),
}

type EngagementEnv = z.output<z.ZodObject<typeof ENGAGEMENT_ENV>>

/** What the browser reports about prospects' pages, and how long it is kept. */
export interface EngagementConfig {
  retentionDays: number
  /** Event batches accepted per client address per minute. */
  limitPerIpMinute: number
  /** Events stored per prospect per minute. */
  limitPerProspectMinute: number
  /** Where a reported booking is confirmed. */
  scheduler: SchedulerConfig
}

/** The scheduler's API (Calendly), which confirms the bookings pages report. */
export interface SchedulerConfig {
  /** Without a trailing slash; a booking's event address must lie under it. */
  apiUrl: string
  /** Null: a booking is taken on the form of its address alone (no lookup). */
  apiToken: string | null
}

export const toEngagementConfig = (e: EngagementEnv): EngagementConfig => ({
  retentionDays: e.EVENT_RETENTION_DAYS,
  limitPerIpMinute: e.EVENT_LIMIT_PER_IP_MINUTE,
  limitPerProspectMinute: e.EVENT_LIMIT_PER_PROSPECT_MINUTE,
  scheduler: { apiUrl: e.CALENDLY_API_URL.replace(/\/+$/, ''), apiToken: e.CALENDLY_API_TOKEN ?? null },
})
