import { useEffect, useLayoutEffect, useRef } from 'preact/hooks'
import { useStoreState } from '../../state/use-store-state.ts'
import { PanelToast } from '../../ui/panel-toast.tsx'
import { CallControls } from './call-controls.tsx'
import { CallFrame } from './call-frame.tsx'
import { CALL_TEXT } from './call-text.ts'
import { formatClock } from './countdown.ts'
import type { LoadDaily } from './frame-controls.ts'
import { adoptOverlaySheet } from './overlay-sheet.ts'
import type { VideoCallStore } from './video-call-store.ts'

export interface VideoOverlayProps {
  store: VideoCallStore
  /** The persona's display name, for the title. */
  name: string
  loadDaily?: LoadDaily | undefined
}

/**
 * The video-call overlay (SPEC §2): a native modal `<dialog>`, open while a call is active, so it sits
 * in the top layer above any host-page banner, keeps the page inert and traps the focus. Escape asks
 * before it ends the call; a browser that closes the dialog anyway (a second Escape) ends it too.
 */
export function VideoOverlay({ store, name, loadDaily }: VideoOverlayProps) {
  const state = useStoreState(store)
  const dialog = useRef<HTMLDialogElement>(null)
  const open = state.status === 'active'
  const url = state.conversation?.url

  useLayoutEffect(() => {
    const element = dialog.current
    if (!element) return
    adoptOverlaySheet(element.getRootNode() as ShadowRoot | Document)
    if (open && !element.open) element.showModal()
    else if (!open && element.open) element.close()
  }, [open])

  return (
    <dialog
      ref={dialog}
      aria-labelledby="video-call-title"
      class="video-overlay"
      onCancel={(event) => {
        event.preventDefault() // the store decides; `open` follows it
        if (url) state.askToEnd()
        else state.end()
      }}
      onClose={() => store.getState().end()}
    >
      {open && (
        <>
          <div class="flex items-center justify-between gap-3">
            <h2 id="video-call-title" class="min-w-0 text-base font-semibold text-balance sm:text-lg">
              {CALL_TEXT.title(name)}
            </h2>
            {url && (
              <p
                role="timer"
                aria-label={CALL_TEXT.timeLeft}
                class={`shrink-0 rounded-full px-3 py-1 font-semibold tabular-nums ${
                  state.secondsLeft < 60 ? 'bg-red-50 text-red-700' : 'bg-slate-100 text-slate-900'
                }`}
              >
                {formatClock(state.secondsLeft)}
              </p>
            )}
          </div>
          {url ? (
            <>
              <CallFrame
                url={url}
                muted={state.muted}
                cameraOn={state.cameraOn}
                onLeft={() => store.getState().end()}
                loadDaily={loadDaily}
              />
              <CallControls {...state} />
            </>
          ) : (
            <LoadFailed onClose={() => state.end()} />
          )}
          {/* Always rendered while open, so screen readers already watch it when a minute passes. */}
          <p class="sr-only" aria-live="polite">
            {state.announcement}
          </p>
          {state.toast && (
            <div class="absolute top-16 left-1/2 w-[min(400px,calc(100%-32px))] -translate-x-1/2 rounded-xl shadow-lg *:mt-0">
              <PanelToast toast={state.toast} onDismiss={state.dismissToast} />
            </div>
          )}
        </>
      )}
    </dialog>
  )
}

/** SPEC §2: the overlay opened with no conversation to show. Nothing to confirm: Close gets the focus. */
function LoadFailed({ onClose }: { onClose(): void }) {
  const close = useRef<HTMLButtonElement>(null)
  useEffect(() => close.current?.focus(), [])
  return (
    <div class="flex flex-1 flex-col items-center justify-center gap-4 py-10 text-center">
      <p class="text-lg font-medium">{CALL_TEXT.loadFailed}</p>
      <button
        ref={close}
        type="button"
        class="h-12 rounded-xl px-6 font-semibold ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        onClick={onClose}
      >
        {CALL_TEXT.close}
      </button>
    </div>
  )
}
