import { REP_PROSPECTS_PAGE } from '#core/rep-api.ts'
import type { Fetch } from '../common/platform-request.ts'

/** The reps' nudges. */
export interface NotifyConfig {
  /**
   * Whether nudges are queued at all: a team chat to post them to, or mail for the reps who chose
   * nudges by email on their profile page. Without either they would only pile up in the outbox.
   */
  on: boolean
  /** The team chat's webhook; null: no chat (nudges still reach the reps who chose email). */
  webhookUrl: string | null
  /** At most one nudge of a kind per prospect in this many minutes. */
  dedupeMinutes: number
  /** Null: the drain route answers 404 (the Node server drains by itself). */
  drainSecret: string | null
}

/** The reps' nudges: where they go, how often, and who may ask for a drain. */
export interface NudgeSettings {
  /** The Slack-compatible incoming webhook; null: no chat (nudges still go by email where chosen). */
  webhookUrl: string | null
  /** Whether nudges are queued at all (`NotifyConfig.on`). */
  on: boolean
  /** At most one nudge of a kind per prospect in this many minutes. */
  dedupeMinutes: number
  /**
   * The site's origin, for the nudge's link to the prospect's page for reps: SITE_URL, else where the
   * Node server listens (common/site-origin.ts). Read when a nudge is queued, since the Node server
   * knows its port only once it listens; null only before that (the edge requires SITE_URL).
   */
  getSiteOrigin: () => string | null
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

export const createNudgeSettings = (
  config: { notify: NotifyConfig },
  getSiteOrigin: () => string | null,
): NudgeSettings => ({
  webhookUrl: config.notify.webhookUrl,
  on: config.notify.on,
  dedupeMinutes: config.notify.dedupeMinutes,
  getSiteOrigin,
  drainSecret: config.notify.drainSecret,
  timeoutMs: NUDGE_TIMEOUT_MS,
})

/** The rep's page of the prospect, the nudge's link; null only while the site's origin is unknown. */
export function getNudgeLink(settings: Pick<NudgeSettings, 'getSiteOrigin'>, slug: string): string | null {
  const origin = settings.getSiteOrigin()
  return origin === null ? null : `${origin}${REP_PROSPECTS_PAGE}/${slug}`
}
