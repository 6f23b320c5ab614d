import { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { AppError } from '#core/errors.ts'
import { REP_SESSION_COOKIE } from '#core/rep-api.ts'
import type { VideoConversationEndResponse, VideoConversationResponse } from '#core/video-call.ts'
import type { ClientIpReader } from '../common/client-ip.ts'
import { limitBody } from '../common/limit-body.ts'
import { endVideoConversation } from './end-video-conversation.ts'
import { startVideoConversation, type VideoCallDeps } from './start-video-conversation.ts'
import { parseVideoConversationBody } from './video-conversation-body.ts'

/** The start body is `{"slug":"…"}`; the end reads none. Anything larger is not one of ours. */
export const MAX_BODY_BYTES = 1024

const limitVideoBody = limitBody(MAX_BODY_BYTES)

/**
 * `POST /` starts a video support call; `POST /:id/end` ends it. Both take `text/plain` or
 * no body, so the widget can call them from any origin without a CORS preflight, and the end with
 * `navigator.sendBeacon` while the page is being hidden. A call from a signed-in rep's browser (it
 * carries the reps' session cookie) is the team's test, not the prospect's engagement.
 */
export function videoConversationRoutes(deps: VideoCallDeps & { clientIp: ClientIpReader }): Hono {
  return new Hono()
    .post('/', limitVideoBody, async (c) => {
      if (!deps.videoCalls?.platform) throw new AppError('video_not_configured')
      const { slug } = parseVideoConversationBody(await c.req.text())
      const team = getCookie(c, REP_SESSION_COOKIE) !== undefined
      const started = await startVideoConversation(deps, slug, deps.clientIp(c), team)
      return c.json(started satisfies VideoConversationResponse, 201)
    })
    .post('/:id/end', limitVideoBody, async (c) => {
      const ended = await endVideoConversation(deps, c.req.param('id'))
      return c.json(ended satisfies VideoConversationEndResponse)
    })
}
