import type { Hono } from 'hono'
import { getVideoConversationEndPath, VIDEO_CONVERSATIONS_PATH } from '#core/video-call.ts'
import { createApp } from '../app.ts'
import { createClientIpReader } from '../common/client-ip.ts'
import { createKeyedHash } from '../common/keyed-hash.ts'
import type { VideoCallSettings } from '../video/start-video-conversation.ts'
import { createTavusPlatform } from '../video/tavus-platform.ts'
import type { VideoCallLimits } from '../video/video-call-config.ts'
import { DEFAULT_VIDEO_ALLOWED_HOSTS } from '../video/video-call-config.ts'
import { createWebhookPlatform } from '../video/webhook-platform.ts'
import type { FakeVideoPlatform } from './fake-video-platform-server.ts'
import { TEST_HASH_SECRET, TEST_PLATFORM_TIMEOUT_MS, TEST_RETENTION_DAYS } from './phone-call-test-app.ts'
import type { TestBackend } from './test-backend.ts'

export const TEST_TAVUS_KEY = 'tavus-test-key-0123456789'
export const TEST_REPLICA_ID = 'r-test-replica'
export const TEST_PERSONA_ID = 'p-test-persona'
/** High enough that only the tests about limits meet them. */
export const NO_VIDEO_LIMITS: VideoCallLimits = {
  perIpHourly: 100000,
  perProspectDaily: 100000,
  globalDaily: 1000000,
}

export interface VideoCallTestOptions {
  backend: 'tavus' | 'webhook'
  fake: FakeVideoPlatform
  limits?: Partial<VideoCallLimits>
  timeoutMs?: number
  allowedHosts?: string[]
  maxDurationSeconds?: number
}

export function createTestVideoCallSettings(options: VideoCallTestOptions): VideoCallSettings {
  const common = {
    replicaId: TEST_REPLICA_ID,
    allowedHosts: options.allowedHosts ?? DEFAULT_VIDEO_ALLOWED_HOSTS,
    timeoutMs: options.timeoutMs ?? TEST_PLATFORM_TIMEOUT_MS,
  }
  return {
    platform:
      options.backend === 'tavus'
        ? createTavusPlatform({
            ...common,
            apiUrl: options.fake.url,
            apiKey: TEST_TAVUS_KEY,
            personaId: TEST_PERSONA_ID,
          })
        : createWebhookPlatform({ ...common, url: options.fake.webhookUrl }),
    limits: { ...NO_VIDEO_LIMITS, ...options.limits },
    maxDurationSeconds: options.maxDurationSeconds ?? 300,
    productName: 'CallPilot',
    hash: createKeyedHash(TEST_HASH_SECRET),
    retentionDays: TEST_RETENTION_DAYS,
  }
}

/** The app over the test backend, trusting `x-forwarded-for` so each test can pick the client's address. */
export const createVideoCallApp = (backend: TestBackend, options: VideoCallTestOptions): Hono =>
  createApp({
    ...backend.deps,
    videoCalls: createTestVideoCallSettings(options),
    clientIp: createClientIpReader('x-forwarded-for'),
  })

export function postVideoConversation(
  app: Hono,
  body: unknown = { slug: 'bright-smile-dental' },
  ip = '203.0.113.20',
  headers: Record<string, string> = {},
) {
  return app.request(VIDEO_CONVERSATIONS_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

/** What `navigator.sendBeacon(path)` sends: a POST with no body, or a `text/plain` one. */
export const postVideoEnd = (app: Hono, conversationId: string, init: RequestInit = {}) =>
  app.request(getVideoConversationEndPath(conversationId), { method: 'POST', ...init })
