import { getDefaultApiBase } from '../../state/fetch-api.ts'
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
  deps: VideoCallDeps = { startConversation: startVideoConversation, endConversation: endVideoConversation },
): VideoCallHandle {
  const name = deps.name ?? CALL_TEXT.persona
  const store = createVideoCallStore({ ...deps, name })
  const { dismissToast } = store.getState()
  const Overlay = () => <VideoOverlay store={store} name={name} />
  // The button's busy content (SPEC §2): a spinner in the round button and "Connecting to {name}..."
  // beside it, still inside the button, so it is the button's name. Styled by the overlay's sheet,
  // which the Overlay (rendered alongside, closed) adopts.
  const Connecting = () => (
    <>
      <span class="size-6 animate-spin rounded-full border-2 border-white/40 border-t-white" />
      <span class="absolute bottom-2.5 left-16 rounded-full bg-slate-900 px-3 py-2 text-sm font-medium whitespace-nowrap text-white shadow-lg">
        {CALL_TEXT.connecting(name)}
      </span>
    </>
  )
  let shown: LauncherView | null = null
  // The countdown changes the store every second; the button only cares about status and toast.
  const unsubscribe = store.subscribe((state) => {
    const { status } = state
    const toast = status === 'active' ? null : state.toast // the modal covers the page: the overlay shows it
    if (shown?.status === status && shown.toast === toast) return
    shown = {
      status,
      toast,
      dismissToast,
      Overlay,
      Busy: status === 'connecting' ? Connecting : undefined,
    }
    show(shown)
  })
  const onPageHide = () => store.getState().leave('page-hide')
  addEventListener('pagehide', onPageHide)

  return {
    start() {
      const slug = host.getAttribute('slug')?.trim() || undefined
      store.getState().start(slug, host.getAttribute('api-base')?.trim() || getDefaultApiBase())
    },
    dispose() {
      removeEventListener('pagehide', onPageHide)
      store.getState().leave('removed')
      store.getState().dismissToast()
      unsubscribe()
    },
  }
}
