import { readFileSync } from 'node:fs'
import type { Hono } from 'hono'
import { type NudgeFacts, nudgeChatText } from '#core/nudge-words.ts'
import { createApp } from '../app.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import type { NudgeSettings } from '../notify/nudge-settings.ts'
import type { TestClock } from './rep-test-app.ts'
import type { TestBackend } from './test-backend.ts'

export const TEST_WEBHOOK_SECRET = 'vapi-webhook-secret-0123456789'
export const TEST_DRAIN_SECRET = 'notify-drain-secret-0123456789abcdef'
export const TEST_SITE_URL = 'https://demo.example.com'

export interface NudgeTestOptions {
  /** The chat's webhook (a loopback fake); null: no chat. */
  webhookUrl: string | null
  /** Whether nudges are queued at all; by default, when there is a chat. */
  on?: boolean
  clock: TestClock
  dedupeMinutes?: number
  /** The loopback fakes answer at once; a busy machine must not turn that into a timeout. */
  timeoutMs?: number
}

export const createTestNudgeSettings = (options: NudgeTestOptions): NudgeSettings => ({
  webhookUrl: options.webhookUrl,
  on: options.on ?? options.webhookUrl !== null,
  dedupeMinutes: options.dedupeMinutes ?? 360,
  getSiteOrigin: () => TEST_SITE_URL,
  drainSecret: TEST_DRAIN_SECRET,
  timeoutMs: options.timeoutMs ?? 30_000,
  now: options.clock.now,
})

/** The app over the test backend with the webhook's secret and the nudges' settings. */
export function createNudgeTestApp(
  backend: TestBackend,
  nudges: NudgeSettings | undefined,
  options: { secret?: string | null; onNudgeQueued?: () => void } = {},
): Hono {
  return createApp({
    ...backend.deps,
    vapiWebhookSecret: options.secret === undefined ? TEST_WEBHOOK_SECRET : options.secret,
    nudges,
    onNudgeQueued: options.onNudgeQueued,
  })
}

export async function postServerMessage(
  app: Hono,
  body: unknown,
  headers: Record<string, string> = { 'X-Vapi-Secret': TEST_WEBHOOK_SECRET },
): Promise<Response> {
  return app.request('/api/webhooks/vapi', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

export type ReportFixture = 'end-of-call-report-web-call' | 'end-of-call-report-phone-call'

/** A recorded-shape end-of-call report (`server/src/webhooks/testing/`), a fresh copy each time. */
export const loadReport = (name: ReportFixture): ServerMessage =>
  JSON.parse(readFileSync(new URL(`../webhooks/testing/${name}.json`, import.meta.url), 'utf8'))

/** The parts of a server message the tests change. */
export interface ServerMessage {
  message: {
    type: string
    call: {
      id: string
      type?: string
      metadata?: unknown
      assistantOverrides?: { metadata?: unknown; [key: string]: unknown }
    }
    durationSeconds?: number
    [key: string]: unknown
  }
}

/** The web call's report for another call (and prospect, and length). */
export function webCallReport(
  callId: string,
  changes: { slug?: string; seconds?: number } = {},
): ServerMessage {
  const report = loadReport('end-of-call-report-web-call')
  report.message.call.id = callId
  if (changes.seconds !== undefined) report.message.durationSeconds = changes.seconds
  if (changes.slug !== undefined) {
    report.message.call.assistantOverrides = {
      metadata: { prospectSlug: changes.slug, visitId: null, source: 'browser' },
    }
  }
  return report
}

export interface OutboxRow {
  id: number
  kind: string
  /** The chat's line: worded from the row's facts as the drain words it. */
  text: string
  attempts: number
  next_attempt_at: Date
  lease_until: Date | null
  sent_at: Date | null
  failed_at: Date | null
  last_error: string | null
}

/** A queued nudge's chat line, as the drain words it (from its facts, else the words it was queued with). */
export const wordsOf = (row: { text: string | null; facts: NudgeFacts | null }): string =>
  row.facts === null ? (row.text ?? '') : nudgeChatText(row.facts)

export const readOutbox = async (db: SqlDatabase): Promise<OutboxRow[]> =>
  (
    await db.query<Omit<OutboxRow, 'text'> & { text: string | null; facts: NudgeFacts | null }>(
      'select * from public.notification_outbox order by id',
    )
  ).rows.map(({ facts, ...row }) => ({ ...row, text: wordsOf({ text: row.text, facts }) }))
