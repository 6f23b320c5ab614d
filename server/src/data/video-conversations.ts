import { AppError } from '#core/errors.ts'
import type { Db } from './database.ts'

export type VideoBackendKind = 'tavus' | 'webhook'

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

/** What `claim_video_conversation_end` answers; see the migration for the states. */
export type EndClaim =
  | { state: 'unknown' }
  | { state: 'ended' }
  | {
      state: 'claimed'
      backend: VideoBackendKind
      platformConversationId: string
      /** Past its time limit: the platform has ended it already. */
      expired: boolean
    }

/** The end as recorded; null: the platform could not end it, so the claim is released. */
export type RecordedEnd = 'ended' | 'gone' | 'recorded' | 'expired' | null

/** Records a conversation about to be asked for, pruning expired records; returns our id for it. */
export async function beginVideoConversation(
  supabase: Db,
  conversation: NewVideoConversation,
): Promise<string> {
  const { data, error } = await supabase.rpc('begin_video_conversation', {
    backend: conversation.backend,
    prospect_slug: conversation.prospectSlug,
    client_ip_hash: conversation.clientIpHash,
    max_duration_seconds: conversation.maxDurationSeconds,
    retention_days: conversation.retentionDays,
  })
  if (error || !data) {
    throw new AppError('unavailable', { cause: error ?? new Error('begin_video_conversation: no answer') })
  }
  return data
}

/** Records what the platform answered (once; a second call for the same id changes nothing). */
export async function finishVideoConversation(
  supabase: Db,
  conversationId: string,
  result: VideoConversationResult,
): Promise<void> {
  const { error } = await supabase.rpc('finish_video_conversation', {
    conversation_id: conversationId,
    outcome: result.outcome,
    platform_conversation_id: result.outcome === 'started' ? result.platformConversationId : null,
    error_code: result.outcome === 'failed' ? result.errorCode : null,
  })
  if (error) throw new AppError('unavailable', { cause: error })
}

/** Claims the end of a conversation we started, or says why there is nothing to do. */
export async function claimVideoConversationEnd(supabase: Db, conversationId: string): Promise<EndClaim> {
  const { data, error } = await supabase.rpc('claim_video_conversation_end', {
    conversation_id: conversationId,
  })
  if (error || !data) {
    throw new AppError('unavailable', {
      cause: error ?? new Error('claim_video_conversation_end: no answer'),
    })
  }
  return data
}

/** Records how a claimed end went. */
export async function finishVideoConversationEnd(
  supabase: Db,
  conversationId: string,
  end: RecordedEnd,
): Promise<void> {
  const { error } = await supabase.rpc('finish_video_conversation_end', {
    conversation_id: conversationId,
    end_result: end,
  })
  if (error) throw new AppError('unavailable', { cause: error })
}
