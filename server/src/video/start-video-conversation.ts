import type { AgentTemplateSet } from '#core/agent.ts'
import { AppError } from '#core/errors.ts'
import { FALLBACK_SLUG } from '#core/prospect.ts'
import type { VideoConversationResponse } from '#core/video-call.ts'
import type { KeyedHash } from '../common/keyed-hash.ts'
import { callFunction, type Db } from '../data/database.ts'
import { loadProspect } from '../data/prospects.ts'
import { checkRateLimits } from '../data/rate-limits.ts'
import {
  getConversationName,
  type SupportCallSetting,
  writeSupportPersonaContext,
} from './support-persona.ts'
import type { VideoCallLimits } from './video-call-config.ts'
import { getVideoCallBuckets, toVideoRateLimitError } from './video-call-limits.ts'
import {
  beginVideoConversation,
  finishVideoConversation,
  type VideoConversationResult,
} from './video-conversations.ts'
import type { VideoPlatform } from './video-platform.ts'

export interface VideoCallSettings {
  /** Null when no back end is configured: every start is `video_not_configured`. */
  platform: VideoPlatform | null
  limits: VideoCallLimits
  maxDurationSeconds: number
  /** The persona speaks for this product's support team. */
  productName: string
  hash: KeyedHash
  /** Days a conversation is kept (`CALL_RECORD_RETENTION_DAYS`); each new one prunes older ones. */
  retentionDays: number
}

export interface VideoCallDeps {
  db: Db
  /** The agent templates: the persona is told what the prospect's agent does. */
  templates: AgentTemplateSet
  videoCalls: VideoCallSettings | undefined
  logger: Pick<Console, 'error'>
}

/**
 * `POST /api/video/conversations` behind the body parsing: the prospect (for the persona's greeting),
 * the limits, then one request to the platform. Every conversation asked for is recorded with its
 * outcome. Throws AppError for every refusal.
 */
export async function startVideoConversation(
  deps: VideoCallDeps,
  slug: string | null,
  clientIp: string | null,
  team = false,
): Promise<VideoConversationResponse> {
  const settings = deps.videoCalls
  const platform = settings?.platform
  if (!settings || !platform) throw new AppError('video_not_configured')
  // The fallback prospect `visitor` has no name to greet ("there"): an unknown slug gets no name.
  const prospect = slug && slug !== FALLBACK_SLUG ? await loadProspect(deps.db, deps.templates, slug) : null
  const clientIpHash = clientIp === null ? null : await settings.hash('ip', clientIp)
  const limit = await checkRateLimits(
    deps.db,
    getVideoCallBuckets(settings.limits, { clientIpHash, prospectSlug: prospect?.slug ?? null }),
  )
  if (!limit.allowed) throw toVideoRateLimitError(limit)

  const { maxDurationSeconds } = settings
  const conversationId = await beginVideoConversation(deps.db, {
    backend: platform.kind,
    prospectSlug: prospect?.slug ?? null,
    clientIpHash,
    maxDurationSeconds,
    retentionDays: settings.retentionDays,
  })
  const record = (result: VideoConversationResult) =>
    finishVideoConversation(deps.db, conversationId, result).catch((error: unknown) => {
      // The visitor's answer stands; without the record the end route will not find this call,
      // and the platform's time limit ends it.
      deps.logger.error('[video_conversation_record]', error)
    })

  const setting: SupportCallSetting = { productName: settings.productName, prospect, maxDurationSeconds }
  try {
    const created = await platform.create({
      name: getConversationName(setting),
      context: writeSupportPersonaContext(setting),
      maxDurationSeconds,
    })
    await record({ outcome: 'started', platformConversationId: created.platformConversationId })
    // "Tried the demo" is this record of a video call started, never a page's word; a rep's test is not one.
    if (prospect && !team) {
      await callFunction(deps.db, 'record_engagement_fact', {
        prospect_slug: prospect.slug,
        name: 'video_call_placed',
        visit_id: conversationId,
        detail: {},
        at: new Date().toISOString(),
      }).catch((error: unknown) => deps.logger.error('[video_call_fact]', error))
    }
    return { conversationId, conversationUrl: created.conversationUrl, maxDurationSeconds }
  } catch (error) {
    const appError = error instanceof AppError ? error : new AppError('video_call_failed', { cause: error })
    await record({ outcome: 'failed', errorCode: appError.code })
    throw appError
  }
}
