import { AppError } from '#core/errors.ts'
import { type Fetch, type PlatformRequest, postToPlatform } from '../common/platform-request.ts'
import {
  describePlatformMessage,
  type EndResult,
  readCreatedConversation,
  toCreateError,
  type VideoPlatform,
} from './video-platform.ts'

/**
 * Seconds Tavus keeps a room open after the visitor left, and waits for them to join at all. Short:
 * the replica is billed while it waits, and a visitor who closed the tab is not coming back (the
 * widget also ends the call on close and page hide; these cover a crash or a lost beacon).
 */
export const PARTICIPANT_LEFT_TIMEOUT_S = 10
export const PARTICIPANT_ABSENT_TIMEOUT_S = 60

export interface TavusSettings {
  /** `https://tavusapi.com`, or a fake's loopback URL. */
  apiUrl: string
  apiKey: string
  replicaId: string | null
  personaId: string | null
  allowedHosts: readonly string[]
  timeoutMs: number
  fetch?: Fetch
}

/**
 * Tavus's API directly: `POST /v2/conversations` with `x-api-key` (the time limit and the absence
 * timeouts go with it, so the platform itself ends the call), `POST /v2/conversations/{id}/end`.
 */
export function createTavusPlatform(settings: TavusSettings): VideoPlatform {
  const request = (path: string, label: string, body?: unknown): PlatformRequest => ({
    url: `${settings.apiUrl}${path}`,
    headers: {
      'x-api-key': settings.apiKey,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body,
    timeoutMs: settings.timeoutMs,
    fetch: settings.fetch,
    label: `Tavus POST ${label}`,
    secret: settings.apiKey,
  })

  async function end(platformConversationId: string): Promise<EndResult> {
    const path = `/v2/conversations/${encodeURIComponent(platformConversationId)}/end`
    const answer = await postToPlatform(request(path, '/v2/conversations/{id}/end')).catch(
      (error: unknown) => {
        throw new AppError('video_end_failed', { cause: error })
      },
    )
    if (answer.ok) return 'ended'
    // Unknown or already over: there is nothing left that could be billed.
    if ([400, 404, 410].includes(answer.status)) return 'gone'
    throw new AppError('video_end_failed', {
      cause: new Error(
        `Tavus POST /v2/conversations/{id}/end answered ${answer.status}` +
          describePlatformMessage(answer.body, settings.apiKey),
      ),
    })
  }

  return {
    kind: 'tavus',
    async create(conversation) {
      const create = request('/v2/conversations', '/v2/conversations', {
        ...(settings.replicaId ? { replica_id: settings.replicaId } : {}),
        ...(settings.personaId ? { persona_id: settings.personaId } : {}),
        conversation_name: conversation.name,
        conversational_context: conversation.context,
        properties: {
          max_call_duration: conversation.maxDurationSeconds,
          participant_left_timeout: PARTICIPANT_LEFT_TIMEOUT_S,
          participant_absent_timeout: PARTICIPANT_ABSENT_TIMEOUT_S,
          // The privacy page promises no call is recorded: the room offers no recording at all.
          enable_recording: false,
        },
      })
      const answer = await postToPlatform(create).catch((error: unknown) => {
        throw toCreateError(error)
      })
      // A room we cannot show is ended at once rather than left waiting for its absence timeout.
      return readCreatedConversation(answer, { ...create, allowedHosts: settings.allowedHosts }, (id) =>
        end(id).catch(() => undefined),
      )
    },
    end,
  }
}
