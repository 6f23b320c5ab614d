import { z } from 'zod'
import { wholeNumber } from '../common/env-number.ts'

/** The engagement variables; part of the server's one environment schema (config.ts). */
export const ENGAGEMENT_ENV = {
  // Engagement events and call reports are kept this long, then deleted.
  EVENT_RETENTION_DAYS: wholeNumber(1, 3650).default(180),
  // Event batches per client address per minute, and events per prospect per minute; 0 stops storing.
  EVENT_LIMIT_PER_IP_MINUTE: wholeNumber(0, 100000).default(60),
  EVENT_LIMIT_PER_PROSPECT_MINUTE: wholeNumber(0, 1000000).default(600),
  // Visits a client address may begin per hour (each is a visit token, and at most one open of a
  // prospect per address per hour); 0 begins none.
  ENGAGEMENT_VISITS_PER_IP_HOUR: wholeNumber(0, 100000).default(30),
  // The signing key of the Calendly webhook subscription that reports bookings and cancellations
  // (docs/operations.md, "Bookings"). Unset, no booking counts: pages' reports are shown as theirs.
  CALENDLY_WEBHOOK_SIGNING_KEY: z
    .string()
    .trim()
    .min(16, 'must be the webhook subscription’s signing key')
    .optional(),
}

type EngagementEnv = z.output<z.ZodObject<typeof ENGAGEMENT_ENV>>

/** What the browser reports about prospects' pages, and how long it is kept. */
export interface EngagementConfig {
  retentionDays: number
  /** Event batches accepted per client address per minute. */
  limitPerIpMinute: number
  /** Events stored per prospect per minute. */
  limitPerProspectMinute: number
  /** Visits begun per client address per hour. */
  visitsPerIpHour: number
  /** Checks the scheduler's webhooks; null: the webhook route is off. */
  schedulerSigningKey: string | null
}

export const toEngagementConfig = (e: EngagementEnv): EngagementConfig => ({
  retentionDays: e.EVENT_RETENTION_DAYS,
  limitPerIpMinute: e.EVENT_LIMIT_PER_IP_MINUTE,
  limitPerProspectMinute: e.EVENT_LIMIT_PER_PROSPECT_MINUTE,
  visitsPerIpHour: e.ENGAGEMENT_VISITS_PER_IP_HOUR,
  schedulerSigningKey: e.CALENDLY_WEBHOOK_SIGNING_KEY ?? null,
})
