import { lazyPart } from '../lib/lazy-part.ts'
import type { PanelParts } from '../ui/demo-panel.tsx'

/**
 * The demo panel's lazy parts, fetched on the visitor's intent and shared by every `<voice-demo>` on the
 * page. The call and its view are two chunks, both imported from here, in the core: a chunk imported by
 * another lazy chunk would share the first paint's modules through an extra file instead of the core.
 */
export const DEMO_PARTS: PanelParts = {
  phoneDialog: lazyPart(() => import('../phone/phone-dialog.tsx').then(({ PhoneDialog }) => PhoneDialog)),
  call: lazyPart(() =>
    Promise.all([import('../voice/connect-voice.ts'), import('../voice/call-view.tsx')]).then(
      ([entry, { CallView }]) => ({ ...entry, CallView }),
    ),
  ),
}
