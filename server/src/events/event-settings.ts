import { REP_PROSPECTS_PAGE } from '#core/rep-api.ts'
import { createKeyedHash, type KeyedHash } from '../common/keyed-hash.ts'
import type { VisitTokens } from '../common/visit-token.ts'
import type { EngagementConfig } from './engagement-config.ts'

/** How the event ingest stores, limits and nudges: from config, shared by the Node server and the edge. */
export interface EventSettings {
  /** Batches accepted per client address per minute; 0 stores nothing. */
  perAddressMinute: number
  /** Events stored per prospect per minute; 0 stores nothing. */
  perProspectMinute: number
  /** Keys the client address's hash: the database never holds the address. */
  hash: KeyedHash
  /** An event counts only with its prospect's visit token (see common/visit-token.ts). */
  visitTokens: VisitTokens
  /** Visits a client address may begin per hour (see VISITS_PATH in core/engagement.ts). */
  visitsPerAddressHour: number
  /** Checks the scheduler's webhook deliveries (scheduler-webhook.ts); null: that webhook is off. */
  schedulerSigningKey: string | null
  /** At most one nudge of a kind per prospect in this many minutes; null: nudges are off. */
  nudgeDedupeMinutes: number | null
  /**
   * The rep's page of a prospect is this followed by its slug, read when a batch is recorded (see
   * NudgeSettings.getSiteOrigin); null only while the site's origin is unknown.
   */
  getProspectLinkPrefix: () => string | null
  /** Group commits running at once (see group-commit.ts). */
  commitConcurrency: number
  /** The clock of the events' time and the limits' windows; tests set it instead of waiting. */
  now: () => Date
}

/**
 * The embedded database runs one transaction at a time, so a second commit in flight would only
 * queue inside it, and the requests behind it could no longer join a group. Hosted Postgres commits
 * in parallel and sits a network round trip away, so a few commits overlap there.
 */
const HOSTED_COMMIT_CONCURRENCY = 4

/** The server's settings the event ingest reads. */
export interface EventServerConfig {
  engagement: EngagementConfig
  /** The nudges' switch and window: an event that makes news queues a nudge only when they are on. */
  notify: { on: boolean; dedupeMinutes: number }
  database: { kind: 'embedded' | 'postgres' }
}

export function createEventSettings(
  config: EventServerConfig,
  hashSecret: string,
  visitTokens: VisitTokens,
  getSiteOrigin: () => string | null,
): EventSettings {
  return {
    perAddressMinute: config.engagement.limitPerIpMinute,
    perProspectMinute: config.engagement.limitPerProspectMinute,
    hash: createKeyedHash(hashSecret),
    visitTokens,
    visitsPerAddressHour: config.engagement.visitsPerIpHour,
    schedulerSigningKey: config.engagement.schedulerSigningKey,
    nudgeDedupeMinutes: config.notify.on ? config.notify.dedupeMinutes : null,
    getProspectLinkPrefix: () => {
      const origin = getSiteOrigin()
      return origin === null ? null : `${origin}${REP_PROSPECTS_PAGE}/`
    },
    commitConcurrency: config.database.kind === 'embedded' ? 1 : HOSTED_COMMIT_CONCURRENCY,
    now: () => new Date(),
  }
}
