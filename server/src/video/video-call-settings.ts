import { VIDEO_CALL_SECONDS } from '#core/video-call.ts'
import { createKeyedHash } from '../common/keyed-hash.ts'
import type { VideoCallSettings } from './start-video-conversation.ts'
import { createTavusPlatform } from './tavus-platform.ts'
import type { VideoCallConfig, VideoCallLimits } from './video-call-config.ts'
import type { VideoPlatform } from './video-platform.ts'
import { createWebhookPlatform } from './webhook-platform.ts'

/** The video-call dependencies from validated config and the hash secret (configured or derived). */
/** The server's settings video calls read. */
export interface VideoServerConfig {
  videoCall: VideoCallConfig | null
  videoLimits: VideoCallLimits
  productName: string
  callRecordRetentionDays: number
}

export function createVideoCallSettings(config: VideoServerConfig, hashSecret: string): VideoCallSettings {
  return {
    platform: createVideoPlatform(config),
    limits: config.videoLimits,
    maxDurationSeconds: config.videoCall?.maxDurationSeconds ?? VIDEO_CALL_SECONDS,
    productName: config.productName,
    hash: createKeyedHash(hashSecret),
    retentionDays: config.callRecordRetentionDays,
  }
}

function createVideoPlatform(config: VideoServerConfig): VideoPlatform | null {
  const video = config.videoCall
  if (!video) return null
  const { backend, allowedHosts, timeoutMs } = video
  return backend.kind === 'tavus'
    ? createTavusPlatform({ ...backend, allowedHosts, timeoutMs })
    : createWebhookPlatform({ ...backend, allowedHosts, timeoutMs })
}
