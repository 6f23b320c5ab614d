import type { NudgeFacts } from '#core/nudge-words.ts'
import type { Table } from './rep-database.ts'

/** The mail outbox's table (`supabase/schema.sql`): written by its functions only. */
export type MailTables = {
  mail_outbox: Table<{
    id: number
    message_id: string
    kind: MailKind
    rep_id: string | null
    to_address: string
    /** Null on a nudge's mail, which the server words from `facts`. */
    subject: string | null
    text_body: string | null
    facts: NudgeFacts | null
    created_at: string
    next_attempt_at: string
    lease_until: string | null
    attempts: number
    sent_at: string | null
    failed_at: string | null
    last_error: string | null
  }>
}

/**
 * The functions of the mail outbox (`supabase/schema.sql`). `Returns` are what each function builds;
 * timestamps arrive as Postgres writes them in JSON, to be read with `new Date()`.
 */
export type MailFunctions = {
  enqueue_mail: {
    Args: {
      message_id: string
      kind: MailKind
      rep_id: string | null
      to_address: string
      subject: string
      text_body: string
      at: string
    }
    Returns: number
  }
  claim_mail: {
    Args: { max_rows: number; lease_seconds: number; at: string }
    Returns: { mails: ClaimedMail[]; next_at: string | null }
  }
  finish_mail: {
    Args: { id: number; outcome: 'sent' | 'retry' | 'refused'; error: string | null; at: string }
    Returns: { state: 'sent' | 'retry' | 'failed' | 'gone' }
  }
  release_mail_leases: { Args: Record<never, never>; Returns: number }
  list_team_mail: { Args: Record<never, never>; Returns: TeamMailRow[] }
  request_rep_password_link: {
    Args: { email: string; token_hash: string; at: string; expires_at: string }
    Returns: { id: string; email: string; role: 'admin' | 'rep' } | null
  }
}

/** What a message is: it decides nothing about how it is sent, only what the Team page shows. */
export type MailKind = 'invitation' | 'new_link' | 'password_reset' | 'nudge'

/** A message claimed for sending, with the Message-ID it keeps on every attempt. */
export interface ClaimedMail {
  id: number
  message_id: string
  to: string
  /** Null on a nudge's mail: the server words it from `facts` (core/nudge-words.ts). */
  subject: string | null
  text: string | null
  facts: NudgeFacts | null
  attempts: number
}

/** A person's latest invitation or new-link mail. */
export interface TeamMailRow {
  rep_id: string
  to: string
  queued_at: string
  sent_at: string | null
  failed_at: string | null
  last_error: string | null
  attempts: number
}
