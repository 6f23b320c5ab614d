import { randomUUID } from 'node:crypto'
import { callFunction, type Db } from '../data/database.ts'
import type { ClaimedMail, MailKind, TeamMailRow } from '../data/mail-database.ts'

export type { ClaimedMail, MailKind, TeamMailRow }

/** A message to queue: to whom, about whom (a rep's id, for the Team page), and its words. */
export interface MailToQueue {
  kind: MailKind
  repId: string | null
  to: string
  subject: string
  text: string
}

/** A Message-ID on the sender's domain, made once per message and kept for every attempt. */
export const newMessageId = (fromAddress: string): string =>
  `<${randomUUID()}@${fromAddress.slice(fromAddress.lastIndexOf('@') + 1)}>`

export async function enqueueMail(db: Db, mail: MailToQueue, fromAddress: string, at: Date): Promise<number> {
  return callFunction(db, 'enqueue_mail', {
    message_id: newMessageId(fromAddress),
    kind: mail.kind,
    rep_id: mail.repId,
    to_address: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    at: at.toISOString(),
  })
}

export interface MailClaim {
  mails: ClaimedMail[]
  /** The earliest time another message may be due; null: none waiting. */
  nextAt: Date | null
}

/** Claims up to `maxRows` due messages for `leaseSeconds`: no other drainer sends them meanwhile. */
export async function claimMail(db: Db, maxRows: number, leaseSeconds: number, at: Date): Promise<MailClaim> {
  const data = await callFunction(db, 'claim_mail', {
    max_rows: maxRows,
    lease_seconds: leaseSeconds,
    at: at.toISOString(),
  })
  return { mails: data.mails, nextAt: data.next_at === null ? null : new Date(data.next_at) }
}

/** Records one attempt: sent, to be tried again after a backoff, or failed (refused, or the last attempt). */
export async function finishMail(
  db: Db,
  id: number,
  outcome: 'sent' | 'retry' | 'refused',
  error: string | null,
  at: Date,
) {
  return (await callFunction(db, 'finish_mail', { id, outcome, error, at: at.toISOString() })).state
}

/** Frees the leases a stopped server left: only for the database's one drainer, as it starts. */
export const releaseMailLeases = (db: Db): Promise<number> => callFunction(db, 'release_mail_leases', {})

/** Each person's latest invitation or new-link mail. */
export const listTeamMail = (db: Db): Promise<TeamMailRow[]> => callFunction(db, 'list_team_mail', {})
