import { type Fetch, postToPlatform } from '../common/platform-request.ts'
import { readCreatedConversation, toCreateError, type VideoPlatform } from './video-platform.ts'

export interface WebhookSettings {
  /** The automation's endpoint; unauthenticated, so its URL is the only secret it has. */
  url: string
  replicaId: string
  allowedHosts: readonly string[]
  timeoutMs: number
  fetch?: Fetch
}

/**
 * The automation webhook: one unauthenticated POST of exactly `replica_id`,
 * `conversation_name` and `conversational_context`, answered with `conversation_id` and
 * `conversation_url`. It has no end call: an end is only recorded, and the call lasts until the time
 * limit the automation sets on the platform (it must set one: nothing in the body can).
 */
export function createWebhookPlatform(settings: WebhookSettings): VideoPlatform {
  return {
    kind: 'webhook',
    async create(conversation) {
      const request = {
        url: settings.url,
        headers: { 'Content-Type': 'application/json' },
        body: {
          replica_id: settings.replicaId,
          conversation_name: conversation.name,
          conversational_context: conversation.context,
        },
        timeoutMs: settings.timeoutMs,
        fetch: settings.fetch,
        label: 'Video webhook POST',
      }
      const answer = await postToPlatform(request).catch((error: unknown) => {
        throw toCreateError(error)
      })
      return readCreatedConversation(answer, { ...request, allowedHosts: settings.allowedHosts })
    },
    end: async () => 'recorded',
  }
}
