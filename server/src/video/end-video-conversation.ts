import { AppError } from '#core/errors.ts'
import type { VideoConversationEndResponse } from '#core/video-call.ts'
import type { VideoCallDeps } from './start-video-conversation.ts'
import {
  claimVideoConversationEnd,
  finishVideoConversationEnd,
  type RecordedEnd,
} from './video-conversations.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * `POST /api/video/conversations/:id/end`: ends a conversation this server started, once. The id is
 * ours (a random UUID), so knowing it is the permission: it only ever ends that one call. Asking again
 * answers 200 with `alreadyEnded`; an id we did not start is 404. With Tavus the platform ends the
 * call; the webhook has no end API, so the end is recorded and the call runs to its time limit.
 */
export async function endVideoConversation(
  deps: Pick<VideoCallDeps, 'db' | 'videoCalls'>,
  conversationId: string,
): Promise<VideoConversationEndResponse> {
  if (!UUID.test(conversationId)) throw new AppError('video_conversation_not_found')
  const id = conversationId.toLowerCase()
  const claim = await claimVideoConversationEnd(deps.db, id)
  if (claim.state === 'unknown') throw new AppError('video_conversation_not_found')
  if (claim.state === 'ended') return { conversationId: id, alreadyEnded: true }

  const platform = deps.videoCalls?.platform
  let end: RecordedEnd
  try {
    end = claim.expired
      ? 'expired'
      : // A back end changed since the start cannot end the call; its time limit will.
        platform?.kind === claim.backend
        ? await platform.end(claim.platformConversationId)
        : 'recorded'
  } catch (error) {
    await finishVideoConversationEnd(deps.db, id, null)
    throw error
  }
  await finishVideoConversationEnd(deps.db, id, end)
  return { conversationId: id, alreadyEnded: false }
}
