import { AppError } from '#core/errors.ts'
import {
  type PlatformAnswer,
  type PlatformRequest,
  PlatformUnreachableError,
  readPlatformText,
} from '../common/platform-request.ts'
import { readConversationUrl } from './conversation-url.ts'

/** What the persona gets for one call. */
export interface NewConversation {
  name: string
  context: string
  maxDurationSeconds: number
}

export interface CreatedConversation {
  platformConversationId: string
  /** Already checked against the allowed hosts. */
  conversationUrl: string
}

/**
 * How an end request went: `ended` (the platform ended it), `gone` (the platform had nothing left to
 * end), `recorded` (no end API: only our record says so; the call runs to its time limit).
 */
export type EndResult = 'ended' | 'gone' | 'recorded'

/** A back end that creates (and maybe ends) conversations: Tavus's API or the automation webhook. */
export interface VideoPlatform {
  kind: 'tavus' | 'webhook'
  /** Exactly one request, no retry. Throws AppError `video_call_failed` or `video_call_timeout`. */
  create(conversation: NewConversation): Promise<CreatedConversation>
  /** Throws AppError `video_end_failed` when the platform could not end it (asking again may work). */
  end(platformConversationId: string): Promise<EndResult>
}

/**
 * A create call's answer, as the widget needs it: successful only when OK and holding `conversation_id`,
 * and (ours) a `conversation_url` on an allowed host. The visitor reads a fixed text; what the
 * platform said goes to the server log only. `onUnusable` gets the id of a conversation that was
 * created but cannot be shown, so the caller can end it instead of paying for an empty room.
 */
export async function readCreatedConversation(
  answer: PlatformAnswer,
  request: PlatformRequest & { allowedHosts: readonly string[] },
  onUnusable?: (platformConversationId: string) => Promise<unknown>,
): Promise<CreatedConversation> {
  const body = answer.body as { conversation_id?: unknown; conversation_url?: unknown } | null
  if (!answer.ok) {
    throw failure(request, `answered ${answer.status}${describePlatformMessage(answer.body, request.secret)}`)
  }
  const id = body?.conversation_id
  if (typeof id !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(id)) {
    throw failure(request, `answered ${answer.status} without a usable conversation_id`)
  }
  const url = readConversationUrl(body?.conversation_url, request.allowedHosts)
  if (!url) {
    await onUnusable?.(id)
    const host = typeof body?.conversation_url === 'string' ? describeHost(body.conversation_url) : 'none'
    throw failure(request, `answered conversation ${id} with a conversation_url not allowed (host: ${host})`)
  }
  return { platformConversationId: id, conversationUrl: url.href }
}

/** A create call that did not get an answer: timed out (504) or never connected (502). */
export function toCreateError(error: unknown): AppError {
  if (error instanceof PlatformUnreachableError) {
    return new AppError(error.timedOut ? 'video_call_timeout' : 'video_call_failed', { cause: error })
  }
  return error instanceof AppError ? error : new AppError('video_call_failed', { cause: error })
}

const failure = (request: PlatformRequest, what: string) =>
  new AppError('video_call_failed', { cause: new Error(`${request.label} ${what}`) })

/** The platform's own words for the log, if any: short, never the secret. */
export function describePlatformMessage(body: unknown, secret?: string): string {
  const text = readPlatformText(body)
  if (!text) return ''
  const safe = secret ? text.replaceAll(secret, '[key]') : text
  return `: ${JSON.stringify(safe.slice(0, 200))}`
}

function describeHost(value: string): string {
  try {
    return JSON.stringify(new URL(value).host)
  } catch {
    return 'not a URL'
  }
}
