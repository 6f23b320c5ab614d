import { Hono } from 'hono'
import { AppError } from '#core/errors.ts'
import { limitBody } from '../common/limit-body.ts'
import { isSameSecret } from '../common/same-secret.ts'
import type { Db } from '../data/database.ts'
import type { Logger } from '../logging/rate-limited-logger.ts'
import { type CallReport, parseServerMessage, type ToolCallBatch } from './end-of-call-report.ts'
import { recordCallReport, type TalkedNudge } from './record-call-report.ts'

export const VAPI_WEBHOOK_PATH = '/api/webhooks/vapi'

/** A long call's transcript with every message twice (artifact and top level) stays well under this. */
export const MAX_WEBHOOK_BODY_BYTES = 1024 * 1024

/** How an end-of-call report queues its `talked` nudge. */
export interface TalkedNudgeSettings {
  /** At most one nudge of a kind per prospect in this many minutes, as for the others. */
  dedupeMinutes: number
  /** Shorter calls (a misdial, a hang-up at the greeting) are not news to a rep: stored, not nudged. */
  minSeconds: number
  /** The rep's page of the prospect, the nudge's link; null while the site's origin is unknown. */
  link: (slug: string) => string | null
  /** The clock of queueing; tests set it. */
  now?: (() => Date) | undefined
}

export interface VapiWebhookDeps {
  db: Db
  /** `VAPI_WEBHOOK_SECRET`; null: every report is refused with 503 (logged once). */
  secret: string | null
  /** Absent (nudges off): reports are stored and no nudge is queued. */
  talkedNudges: TalkedNudgeSettings | undefined
  /** Rate-limited: each distinct line at most once a minute. */
  logger: Logger
  /** Called after a report queued a nudge, so a drainer can send it at once. */
  onNudgeQueued?: (() => void) | undefined
  /**
   * Answers the demo agent's tool calls (`tool-calls` messages) with the words it speaks; absent,
   * each is answered with words saying the demo cannot do that here.
   */
  answerToolCalls?: ((batch: ToolCallBatch) => Promise<ToolCallResults>) | undefined
}

/** What the platform expects back for a `tool-calls` message: one result per tool call, spoken by the agent. */
export interface ToolCallResults {
  results: { toolCallId: string; result: string }[]
}

const TOOLS_OFF = 'I cannot do that in this demo right now.'

/**
 * What the webhook answers with 200. `stored`: a new report; `duplicate`: this call's report was
 * stored before (the platform retried), nothing changed; `ignored`: nothing to store (another message
 * type, or no prospect of ours). The platform only needs the 2xx.
 */
export interface WebhookAnswer {
  stored: boolean
  duplicate: boolean
  ignored?: 'other_message' | 'no_prospect'
}

/**
 * `POST /`: the voice platform's server messages ("Server URL"), server to server. The shared secret
 * comes first, before the body is read; then end-of-call reports are stored, and other messages
 * answered and dropped.
 */
export function vapiWebhookRoutes(deps: VapiWebhookDeps): Hono {
  let toldUnconfigured = false
  return new Hono().post(
    '/',
    async (c, next) => {
      if (deps.secret === null) {
        // Once per process: a platform sending reports to an unconfigured server would fill the log.
        if (!toldUnconfigured) {
          toldUnconfigured = true
          deps.logger.error('[vapi_webhook] VAPI_WEBHOOK_SECRET is not set: end-of-call reports are refused')
        }
        const error = new AppError('webhook_not_configured')
        return c.json({ error: { code: error.code, message: error.message } }, 503)
      }
      if (!isSameSecret(c.req.header('X-Vapi-Secret'), deps.secret)) throw new AppError('unauthorized')
      await next()
    },
    limitBody(MAX_WEBHOOK_BODY_BYTES),
    async (c) => {
      const parsed = parseServerMessage(parseJson(await c.req.text()))
      if (parsed.kind === 'malformed') {
        throw new AppError('bad_request', { message: 'This is not a server message of the voice platform.' })
      }
      if (parsed.kind === 'tool_calls') {
        const { batch } = parsed
        if (!deps.answerToolCalls) {
          return c.json({ results: batch.calls.map((call) => ({ toolCallId: call.id, result: TOOLS_OFF })) })
        }
        return c.json(await deps.answerToolCalls(batch))
      }
      if (parsed.kind === 'other') return c.json(ignored('other_message'))
      if (parsed.kind === 'no_prospect') return c.json(ignoreUnlinked(deps.logger))
      const now = deps.talkedNudges?.now?.() ?? new Date()
      const result = await recordCallReport(
        deps.db,
        parsed.report,
        getTalkedNudge(deps.talkedNudges, parsed.report),
        now,
      )
      if (result.status === 'unknown_prospect') return c.json(ignoreUnlinked(deps.logger))
      if (result.nudged) deps.onNudgeQueued?.()
      const answer: WebhookAnswer = {
        stored: result.status === 'recorded',
        duplicate: result.status === 'duplicate',
      }
      return c.json(answer)
    },
  )
}

/** Nudges on, and a call long enough to be news; else null, and the report is stored alone. */
function getTalkedNudge(settings: TalkedNudgeSettings | undefined, report: CallReport): TalkedNudge | null {
  if (!settings || (report.seconds ?? 0) < settings.minSeconds) return null
  return { dedupeMinutes: settings.dedupeMinutes, link: settings.link(report.metadata.prospectSlug) }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new AppError('bad_request', { message: 'The request body must be a JSON object.' })
  }
}

const ignored = (reason: NonNullable<WebhookAnswer['ignored']>): WebhookAnswer => ({
  stored: false,
  duplicate: false,
  ignored: reason,
})

/**
 * A call placed without our metadata (a test call from the platform's dashboard), for a deleted
 * prospect, or on the fallback page: nothing to link it to. One fixed line, so the rate-limited log
 * shows it at most once a minute, and without the slug, which a stranger's call could have set.
 */
function ignoreUnlinked(logger: Logger): WebhookAnswer {
  logger.error('[vapi_webhook] an end-of-call report named no prospect of ours; it was not stored')
  return ignored('no_prospect')
}
