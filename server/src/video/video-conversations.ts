import type { EndClaim, VideoBackendKind } from '../data/call-database.ts'
import { callFunction, type Db } from '../data/database.ts'

export type { EndClaim, VideoBackendKind }

export interface NewVideoConversation {
  backend: VideoBackendKind
  /** The prospect the persona was told about; null for an anonymous visitor. */
  prospectSlug: string | null
  /** Keyed hash (HMAC hex): the database never sees the address. */
  clientIpHash: string | null
  maxDurationSeconds: number
  /** Records older than this many days are pruned as this one is added. */
  retentionDays: number
}

export type VideoConversationResult =
  | { outcome: 'started'; platformConversationId: string }
  | { outcome: 'failed'; errorCode: string }

/** The end as recorded; null: the platform could not end it, so the claim is released. */
export type RecordedEnd = 'ended' | 'gone' | 'recorded' | 'expired' | null

/** Records a conversation about to be asked for, pruning expired records; returns our id for it. */
export async function beginVideoConversation(db: Db, conversation: NewVideoConversation): Promise<string> {
  return callFunction(db, 'begin_video_conversation', {
    backend: conversation.backend,
    prospect_slug: conversation.prospectSlug,
    client_ip_hash: conversation.clientIpHash,
    max_duration_seconds: conversation.maxDurationSeconds,
    retention_days: conversation.retentionDays,
  })
}

/** Records what the platform answered (once; a second call for the same id changes nothing). */
export async function finishVideoConversation(
  db: Db,
  conversationId: string,
  result: VideoConversationResult,
): Promise<void> {
  await callFunction(db, 'finish_video_conversation', {
    conversation_id: conversationId,
    outcome: result.outcome,
    platform_conversation_id: result.outcome === 'started' ? result.platformConversationId : null,
    error_code: result.outcome === 'failed' ? result.errorCode : null,
  })
}

/** Claims the end of a conversation we started, or says why there is nothing to do. */
export async function claimVideoConversationEnd(db: Db, conversationId: string): Promise<EndClaim> {
  return callFunction(db, 'claim_video_conversation_end', {
    conversation_id: conversationId,
  })
}

/** Records how a claimed end went. */
export async function finishVideoConversationEnd(
  db: Db,
  conversationId: string,
  end: RecordedEnd,
): Promise<void> {
  await callFunction(db, 'finish_video_conversation_end', {
    conversation_id: conversationId,
    end_result: end,
  })
}
