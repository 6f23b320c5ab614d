import type { ProspectResponse } from '#core/prospect.ts'
import type { BrowserCall, CallHost, DemoState } from '../state/demo-state.ts'

export const VOICE_NOT_CONFIGURED = 'The voice demo is not configured on this site yet.'

/**
 * What a click on 'Test in Browser' does once the call chunk is here (the store already says
 * 'connecting'): a click while the prospect loads waits for it. Not loaded, the panel says why; loaded
 * without browser calls, the panel says so too; a server without voice settings (`call` null) gets
 * its own line. It lives in the call chunk, so none of it weighs on the first paint.
 */
export async function startWhenLoaded(call: BrowserCall | null, { store }: CallHost): Promise<void> {
  const answer = await loadedProspect(store)
  if (!answer?.features.browserCall) store.setState({ call: 'idle' })
  else if (!call) store.setState({ call: 'idle', notice: VOICE_NOT_CONFIGURED })
  else call.start(answer.prospect)
}

/** The prospect's answer once it has loaded, or null when loading it failed. */
function loadedProspect(store: CallHost['store']) {
  return new Promise<ProspectResponse | null>((resolve) => {
    const settle = ({ prospect }: DemoState): boolean => {
      if (prospect.status === 'loading') return false
      resolve(prospect.status === 'loaded' ? prospect : null)
      return true
    }
    if (settle(store.getState())) return
    const unsubscribe = store.subscribe((state) => settle(state) && unsubscribe())
  })
}
