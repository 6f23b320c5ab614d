import { createKeyedHash } from '../common/keyed-hash.ts'
import type { PhoneCallConfig, PhoneCallLimits } from './phone-call-config.ts'
import type { PhoneCallSettings } from './place-phone-call.ts'

/** The phone-call dependencies from validated config and the hash secret (configured or derived). */
/** The server's settings phone calls read. */
export interface PhoneCallServerConfig {
  phoneCall: PhoneCallConfig | null
  phoneLimits: PhoneCallLimits
  callRecordRetentionDays: number
}

export function createPhoneCallSettings(
  config: PhoneCallServerConfig,
  hashSecret: string,
): PhoneCallSettings {
  const phone = config.phoneCall
  return {
    vapi: phone
      ? {
          apiUrl: phone.apiUrl,
          privateKey: phone.privateKey,
          phoneNumberId: phone.phoneNumberId,
          model: phone.model,
          timeoutMs: phone.timeoutMs,
        }
      : null,
    defaultAssistantId: phone?.defaultAssistantId ?? null,
    limits: config.phoneLimits,
    hash: createKeyedHash(hashSecret),
    retentionDays: config.callRecordRetentionDays,
  }
}
