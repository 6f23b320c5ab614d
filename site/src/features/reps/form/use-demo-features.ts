import type { DemoFeatures, PublicConfig } from '#core/public-config.ts'
import { getApiUrl } from '../../../lib/api-url.ts'
import { useKeyedLoad } from '../../../lib/use-keyed-load.ts'

const NONE: DemoFeatures = { browserCall: false, phoneCall: false, videoCall: false }

async function loadFeatures(_key: string, signal: AbortSignal): Promise<DemoFeatures> {
  const res = await fetch(getApiUrl('/api/config'), { signal, headers: { accept: 'application/json' } })
  const body = (await res.json().catch(() => null)) as Partial<PublicConfig> | null
  return res.ok && body?.features ? body.features : NONE
}

/**
 * Which demos this server runs (`GET /api/config`, the same for every prospect), for the preview's
 * panel; none until known, and none if the server cannot say.
 */
export function useDemoFeatures(): DemoFeatures {
  const state = useKeyedLoad('config', loadFeatures, { failedMessage: '' })
  return state.status === 'done' ? state.value : NONE
}
