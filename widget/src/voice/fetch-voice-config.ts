import type { PublicConfig, VoiceConfig } from '#core/public-config.ts'
import { fetchApi } from '../lib/fetch-api.ts'
import { LOG_PREFIX } from '../lib/log-prefix.ts'

/**
 * The browser-call settings from `GET {apiBase}/api/config`, fetched on intent (never on first
 * paint). Null when the server has no Vapi public key: the panel then says the demo is not
 * configured, and the console says why.
 */
export async function fetchVoiceConfig(apiBase: string): Promise<VoiceConfig | null> {
  const config = (await fetchApi('api/config', apiBase)) as Partial<PublicConfig> | null
  const voice = config?.voice
  if (voice && typeof voice.publicKey === 'string' && voice.publicKey !== '') return voice
  console.warn(`${LOG_PREFIX} public key not configured: the browser voice demo is off.`)
  return null
}
