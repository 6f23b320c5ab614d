import { loadEngagement } from '../engagement/report-engagement.ts'
import type { BrowserCall, CallHost } from '../state/demo-state.ts'
import { createBrowserCall } from './browser-call.ts'
import { fetchVoiceConfig } from './fetch-voice-config.ts'

export { startWhenLoaded } from './start-when-loaded.ts'

/**
 * The lazy entry of the browser call, imported on intent (pointer over, focus or click), never on
 * first paint: reads the voice settings and fetches the Vapi SDK chunk at the same time. Null when
 * the server has no public key (the SDK chunk is then fetched for nothing, but only once and only
 * on a misconfigured site). The store keeps the one call this returns. What the call's metadata says
 * for the team (the tab's visit, a rep's test) comes from the engagement chunk, normally here since
 * the panel's first idle moment.
 */
export async function connectVoice(apiBase: string, host: CallHost): Promise<BrowserCall | null> {
  const [voice, { createVapiClient }, metadataFor] = await Promise.all([
    fetchVoiceConfig(apiBase),
    import('./create-vapi-client.ts'),
    loadEngagement().then(
      ({ callMetadataFor }) => callMetadataFor,
      () => null, // the call goes on without it
    ),
  ])
  return voice ? createBrowserCall(host, createVapiClient(voice), { apiBase, metadataFor }) : null
}
