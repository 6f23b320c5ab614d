/** `POST` here starts a video support call. */
export const VIDEO_CONVERSATIONS_PATH = '/api/video/conversations'

/**
 * `POST` here ends the conversation `id` (the `conversationId` the start answered). It reads no body,
 * so `navigator.sendBeacon(path)` works from any origin without a CORS preflight.
 */
export const getVideoConversationEndPath = (conversationId: string): string =>
  `${VIDEO_CONVERSATIONS_PATH}/${encodeURIComponent(conversationId)}/end`

/** A video support call lasts 300 seconds, shown as m:ss: long enough to try the demo, short enough to bound its cost. The server may shorten it (tests). */
export const VIDEO_CALL_SECONDS = 300

/** Body of `POST /api/video/conversations` (JSON, sent as `application/json` or `text/plain`). */
export interface VideoConversationRequest {
  /**
   * The prospect whose page it is, so the support persona can greet them by name. Missing or unknown:
   * the fallback prospect `visitor` (then no name is used).
   */
  slug?: string
}

/** Answer of a started video call. */
export interface VideoConversationResponse {
  /**
   * Our id for the conversation (a random UUID, not the platform's id): the handle for the end
   * route. Whoever holds it can end that call, and nothing else.
   */
  conversationId: string
  /** The call page to show in the frame; always on an allowed host (a Daily room for Tavus). */
  conversationUrl: string
  /** The call's hard limit: the countdown starts here, and the platform ends the call at this point too. */
  maxDurationSeconds: number
}

/** Answer of `POST /api/video/conversations/:id/end`. */
export interface VideoConversationEndResponse {
  conversationId: string
  /** True when the call had already been ended (or was being ended) by an earlier request. */
  alreadyEnded: boolean
}
