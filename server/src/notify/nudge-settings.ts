import { REP_PROSPECTS_PAGE } from '#core/rep-api.ts'
import type { Fetch } from '../common/platform-request.ts'
import type { ServerConfig } from '../config.ts'

/** The reps' nudges: where they go, how often, and who may ask for a drain. */
export interface NudgeSettings {
  /** The Slack-compatible incoming webhook; null: nudges are off and nothing is queued. */
  webhookUrl: string | null
  /** At most one nudge of a kind per prospect in this many minutes. */
  dedupeMinutes: number
  /** Where the reps' pages are published, for the nudge's link; null: a nudge without a link. */
  siteUrl: string | null
  /** Authorises `POST /api/notifications/drain`; null: that route answers 404. */
  drainSecret: string | null
  /** How long one delivery may take before it counts as failed (and is tried again later). */
  timeoutMs: number
  fetch?: Fetch | undefined
  /** The clock of queueing and delivery; tests move it instead of waiting. */
  now?: (() => Date) | undefined
}

/** One delivery's deadline: a chat webhook answers in well under a second when it is up. */
export const NUDGE_TIMEOUT_MS = 10_000

/**
 * A call shorter than this is not news to a rep (a misdial, a hang-up at the greeting), so it queues
 * no `talked` nudge; it is still stored and shown in the prospect's timeline.
 */
export const MIN_TALKED_SECONDS = 10

export const createNudgeSettings = (config: ServerConfig): NudgeSettings => ({
  webhookUrl: config.notify.webhookUrl,
  dedupeMinutes: config.notify.dedupeMinutes,
  siteUrl: config.siteUrl,
  drainSecret: config.notify.drainSecret,
  timeoutMs: NUDGE_TIMEOUT_MS,
})

/** The rep's page of the prospect, the nudge's link; null without `SITE_URL`. */
export const getNudgeLink = (settings: Pick<NudgeSettings, 'siteUrl'>, slug: string): string | null =>
  settings.siteUrl === null ? null : `${settings.siteUrl}${REP_PROSPECTS_PAGE}/${slug}`
