import { reportEngagement } from '../../engagement/report-engagement.ts'
import { apiBaseOf } from '../../lib/fetch-api.ts'
import type { LauncherView, VideoCallHandle } from '../launcher-view.ts'
import { CALL_TEXT } from './call-text.ts'
import { endVideoConversation, startVideoConversation } from './video-api.ts'
import { createVideoCallStore, type VideoCallDeps } from './video-call-store.ts'
import { VideoOverlay } from './video-overlay.tsx'

/**
 * The lazy entry of the video call, imported on intent by the floating button: one call per
 * `<voice-video-call>`, whose state reaches the button through `show`. `slug` and `api-base` are read
 * from the element when a call starts. Leaving the page (`pagehide`, also into the back-forward
 * cache) ends the call by beacon, so no paid session lingers.
 */
export function createVideoCall(
  host: HTMLElement,
  show: (view: LauncherView) => void,
  deps: VideoCallDeps = {
    startConversation: startVideoConversation,
    endConversation: endVideoConversation,
    report: reportEngagement,
  },
): VideoCallHandle {
  const name = deps.name ?? CALL_TEXT.persona
  const store = createVideoCallStore({ ...deps, name, owner: host })
  const Overlay = () => <VideoOverlay store={store} name={name} owner={host} />
  // The button's busy content: a spinner in the round button and "Connecting to {name}..." beside it,
  // still inside the button, so it is the button's name. Styled by the overlay's sheet, which the
  // Overlay (rendered alongside, closed) adopts.
  const Connecting = () => (
    <span class="video-busy">
      <span class="size-6 animate-spin rounded-full border-2 border-white/40 border-t-white" />
      <span class="absolute bottom-2.5 left-16 rounded-full bg-ink px-3 py-2 text-sm font-medium whitespace-nowrap text-surface shadow-lg">
        {CALL_TEXT.connecting(name)}
      </span>
    </span>
  )
  let shown: LauncherView | null = null
  // The countdown changes the store every second; the button only cares about the status.
  const unsubscribe = store.subscribe(({ status }) => {
    if (shown?.status === status) return
    shown = { status, Overlay, Busy: status === 'connecting' ? Connecting : undefined }
    show(shown)
  })
  const onPageHide = () => store.getState().leave('page-hide')
  addEventListener('pagehide', onPageHide)

  return {
    start() {
      const slug = host.getAttribute('slug')?.trim() || undefined
      store.getState().start(slug, apiBaseOf(host))
    },
    dispose() {
      removeEventListener('pagehide', onPageHide)
      store.getState().leave('removed')
      store.getState().dismissToast()
      unsubscribe()
    },
  }
}
