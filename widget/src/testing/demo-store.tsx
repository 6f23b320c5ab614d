import { expect, vi } from 'vitest'
import type { DemoFeatures } from '../../../core/public-config.ts'
import {
  createDemoStore,
  type DemoDeps,
  type DemoStore,
  type LoadedBrowserCall,
} from '../state/demo-store.ts'
import { pageToast } from '../toast/page-toast.ts'
import { createBrowserCall } from '../voice/browser-call.ts'
import { CallView } from '../voice/call-view.tsx'
import type { VoiceClient } from '../voice/voice-client.ts'
import { prospectAnswer } from './fake-fetch.ts'

/** Lazy parts that never arrive in time to matter: each test brings the one it exercises. */
export const LAZY: Pick<DemoDeps, 'loadBrowserCall' | 'loadPhoneDialog'> = {
  loadBrowserCall: async () => null,
  loadPhoneDialog: async () => () => null,
}

/** A store for `slug` whose server runs `features` (all by default), once its prospect has loaded. */
export async function loadedStore(
  deps: Partial<DemoDeps> = {},
  features: Partial<DemoFeatures> = {},
  slug = 'bright-smile-dental',
): Promise<DemoStore> {
  const store = createDemoStore({
    fetchProspect: async (asked) => prospectAnswer(asked, features),
    ...LAZY,
    ...deps,
  })
  store.getState().load(slug, 'https://api.example.com/')
  await vi.waitFor(() => expect(store.getState().prospect.status).toBe('loaded'))
  return store
}

/**
 * The call chunk as `voice-demo.tsx` loads it (the call and its view) over a fake voice client;
 * `call()` is the call the store got, for what its view shows.
 */
export function connectTo(client: VoiceClient) {
  let loaded: LoadedBrowserCall | null = null
  const loadBrowserCall: DemoDeps['loadBrowserCall'] = async (host) => {
    const call = createBrowserCall(host, client)
    loaded = { ...call, View: () => <CallView live={call.live} attachMeter={call.attachMeter} /> }
    return loaded
  }
  const call = (): LoadedBrowserCall => {
    if (!loaded) throw new Error('the call chunk has not loaded')
    return loaded
  }
  return { loadBrowserCall, call }
}

/** Lets the lazily loaded parts arrive and what they started settle. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

/** The page's one toast: what the visitor sees, in the region of its owner. */
export const shownToast = () => pageToast.getState().toast
