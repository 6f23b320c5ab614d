import { RequestFailure } from '#core/api-error.ts'
import {
  getVideoConversationEndPath,
  VIDEO_CALL_SECONDS,
  VIDEO_CONVERSATIONS_PATH,
  type VideoConversationResponse,
} from '#core/video-call.ts'
import { fetchApi } from '../../lib/fetch-api.ts'
import { CALL_TEXT } from './call-text.ts'

/** How an end request goes: a normal request, or a beacon while the page is being left. */
export type EndTransport = 'fetch' | 'beacon'

/**
 * `POST /api/video/conversations`: our server asks the video platform for a conversation (its keys
 * never reach the browser). A start succeeds only with a `conversationId`; a missing or odd
 * `maxDurationSeconds` means the standard 300 s. Rejects with a RequestFailure whose message can be shown.
 */
export async function startVideoConversation(
  slug: string | undefined,
  apiBase: string,
): Promise<VideoConversationResponse> {
  const body = (await fetchApi(VIDEO_CONVERSATIONS_PATH.slice(1), apiBase, {
    method: 'POST',
    body: JSON.stringify(slug ? { slug } : {}),
  })) as Partial<Record<keyof VideoConversationResponse, unknown>> | null
  const { conversationId, conversationUrl, maxDurationSeconds: seconds } = body ?? {}
  if (typeof conversationId !== 'string' || conversationId === '') {
    throw new RequestFailure('video_call_failed', CALL_TEXT.startFailed, 0, {
      cause: new Error('no conversationId'),
    })
  }
  return {
    conversationId,
    conversationUrl: typeof conversationUrl === 'string' ? conversationUrl : '',
    maxDurationSeconds:
      typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0 ? seconds : VIDEO_CALL_SECONDS,
  }
}

/**
 * `POST /api/video/conversations/:id/end`, so no paid session lingers. Without a body, so it is a
 * simple cross-origin request. While the page is being left (`beacon`) it goes by
 * `navigator.sendBeacon`, which the browser delivers after the page is gone; a normal end uses a
 * keepalive fetch, which also survives a navigation that follows at once.
 */
export async function endVideoConversation(
  conversationId: string,
  apiBase: string,
  transport: EndTransport,
): Promise<void> {
  const path = getVideoConversationEndPath(conversationId).slice(1)
  if (transport === 'beacon') {
    // Resolved as fetchApi resolves it: a trailing slash keeps a path in api-base.
    const url = new URL(path, new URL(apiBase.replace(/\/*$/, '/'), import.meta.url))
    if (navigator.sendBeacon?.(url)) return // false: the browser refused to queue it
  }
  await fetchApi(path, apiBase, { method: 'POST', keepalive: true })
}

/**
 * The page to show in the frame, or null when there is none the widget may frame: only http(s)
 * (a `javascript:` URL in a frame would run in the host page). The server checks the host too.
 */
export function readFrameUrl(value: string): string | null {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}
