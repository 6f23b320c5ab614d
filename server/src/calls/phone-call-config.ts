import type { VoiceConfig } from '#core/public-config.ts'

/** Outbound phone calls through Vapi's `POST /call`, placed by the server with the private key. */
export interface PhoneCallConfig {
  privateKey: string
  phoneNumberId: string
  apiUrl: string
  /** The model sent with the prospect's prompt, as for browser calls (the agent is the same). */
  model: VoiceConfig['model']
  /** Used when the prospect has no `assistant_id`. */
  defaultAssistantId: string | null
  /** One attempt, no retry (a retried POST can dial twice); past this the call is an error. */
  timeoutMs: number
}

/** Calls allowed per scope and fixed window; a request over any of them is refused with 429. */
export interface PhoneCallLimits {
  perIpHourly: number
  perNumberDaily: number
  perProspectDaily: number
  globalDaily: number
}
