import { useEffect, useState } from 'preact/hooks'
import { FALLBACK_SLUG } from '../../../core/prospect.ts'
import { STORE_KEY } from '../api/store-key.ts'
import { createDemoStore, type DemoStore } from '../state/demo-store.ts'
import { getDefaultApiBase } from '../state/fetch-api.ts'
import { fetchProspect } from '../state/fetch-prospect.ts'
import { DemoPanel } from '../ui/demo-panel.tsx'
import { dispatchHostEvent } from './host-events.ts'
import type { Theme } from './theme.ts'

/**
 * Props of `<voice-demo>`, from its attributes or the same-named properties (React 19 sets
 * properties on custom elements).
 */
export interface VoiceDemoProps {
  /** The prospect whose voice agent the panel demonstrates; `visitor` when absent. */
  slug?: string | undefined
  /** Where `/api/...` lives; the origin of widget.mjs when absent. A relative value resolves against widget.mjs. */
  apiBase?: string | undefined
  theme?: Theme | undefined
  /** The dialog's back arrow also shows the prospect's page (`/{slug}`): only where the host asked. */
  backNavigation?: boolean | undefined
  /** The element itself, which dispatches the `voice-demo:*` host events and owns the toasts. */
  host?: HTMLElement | undefined
}

/** `<voice-demo slug="acme">`: loads the prospect and shows the demo panel. */
export function VoiceDemo({ slug, apiBase, theme = 'light', backNavigation = false, host }: VoiceDemoProps) {
  const targetSlug = slug?.trim() || FALLBACK_SLUG
  const [store] = useState(() =>
    createDemoStore({
      fetchProspect,
      // Read when the visitor shows intent, so a later api-base change is honoured too.
      // The call and its view are two chunks, both imported from here: a chunk imported by another
      // lazy chunk would share the first paint's modules through an extra file instead of this one.
      loadBrowserCall: (callHost) =>
        Promise.all([import('../voice/connect-voice.ts'), import('../voice/call-view.tsx')]).then(
          async ([{ connectVoice }, { CallView }]) => {
            const call = await connectVoice(
              host?.getAttribute('api-base')?.trim() || getDefaultApiBase(),
              callHost,
            )
            return (
              call && { ...call, View: () => <CallView live={call.live} attachMeter={call.attachMeter} /> }
            )
          },
        ),
      loadPhoneDialog: () => import('../phone/phone-dialog.tsx').then(({ PhoneDialog }) => PhoneDialog),
      emit: (event, message = '') => {
        if (!host) return
        const slugNow = host.getAttribute('slug')?.trim() || FALLBACK_SLUG
        if (event === 'error') dispatchHostEvent(host, 'error', { slug: slugNow, message })
        else dispatchHostEvent(host, event, { slug: slugNow })
      },
      ...(host ? { owner: host } : {}),
    }),
  )
  const targetBase = apiBase?.trim() || getDefaultApiBase()
  // For the host page's `VoiceDemo('startCall')` and friends (api/host-api.ts).
  if (host) (host as { [STORE_KEY]?: DemoStore })[STORE_KEY] = store

  useEffect(() => store.getState().load(targetSlug, targetBase), [store, targetSlug, targetBase])
  useEffect(() => () => store.getState().dispose(), [store])

  return <DemoPanel store={store} apiBase={targetBase} theme={theme} backNavigation={backNavigation} />
}
