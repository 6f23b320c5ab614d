import { callFunction, type Db } from '../data/database.ts'
import type { OutboxFunctions } from '../data/outbox-database.ts'
import type { CallReport } from './end-of-call-report.ts'

/** The `talked` nudge to queue with the report, or null for none. */
export interface TalkedNudge {
  dedupeMinutes: number
  link: string | null
}

export type RecordResult = OutboxFunctions['record_call_report']['Returns']

/**
 * Stores a report once per call id and, in the same transaction, queues its nudge
 * (`record_call_report`): the nudge exists exactly when the report does, whatever fails in between.
 * A call the team made to try the agent (its metadata says `team`) is kept apart, as the team's
 * (`record_team_call_report`): no stage, no talk time, no nudge.
 */
export async function recordCallReport(
  db: Db,
  report: CallReport,
  nudge: TalkedNudge | null,
  at: Date,
): Promise<RecordResult> {
  if (report.metadata.team) {
    const { status } = await callFunction(db, 'record_team_call_report', {
      call_id: report.callId,
      prospect_slug: report.metadata.prospectSlug,
      source: report.metadata.source,
      ended_at: report.endedAt,
      seconds: report.seconds,
      ended_reason: report.endedReason,
      summary: report.summary,
      transcript: report.transcript,
      at: at.toISOString(),
    })
    return { status, nudged: false }
  }
  return callFunction(db, 'record_call_report', {
    call_id: report.callId,
    prospect_slug: report.metadata.prospectSlug,
    visit_id: report.metadata.visitId,
    source: report.metadata.source,
    started_at: report.startedAt,
    ended_at: report.endedAt,
    seconds: report.seconds,
    ended_reason: report.endedReason,
    summary: report.summary,
    transcript: report.transcript,
    nudge_dedupe_minutes: nudge?.dedupeMinutes ?? null,
    link: nudge?.link ?? null,
    at: at.toISOString(),
  })
}
