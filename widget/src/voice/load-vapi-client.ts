import type { VoiceConfig } from '../../../core/public-config.ts'
import type { VoiceClient } from './voice-client.ts'

/**
 * Fetches the Vapi adapter (and with it `@vapi-ai/web` and daily-js, ~70 KB brotli) as a lazy chunk.
 * Call it on intent (pointer over, focus or click on the button): this file is all the first paint
 * carries. The promise is shared, so hovering then clicking fetches once and makes one client.
 */
export function createVapiClientLoader(config: VoiceConfig): () => Promise<VoiceClient> {
  let loading: Promise<VoiceClient> | undefined
  return () => {
    loading ??= import('./create-vapi-client.ts').then(
      ({ createVapiClient }) => createVapiClient(config),
      (error: unknown) => {
        loading = undefined // a failed chunk fetch (offline for a moment) may be retried
        throw error
      },
    )
    return loading
  }
}
