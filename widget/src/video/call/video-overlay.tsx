import { useEffect, useLayoutEffect, useRef } from 'preact/hooks'
import { PrivacyLink } from '../../legal/privacy-link.tsx'
import { useStoreState } from '../../lib/use-store-state.ts'
import { createSheetAdopter } from '../../styles/adopt-sheet.ts'
import { ToastSlot } from '../../toast/toast-slot.tsx'
import { CallControls } from './call-controls.tsx'
import { CallFrame } from './call-frame.tsx'
import { CALL_TEXT } from './call-text.ts'
import { formatClock } from './countdown.ts'
import type { LoadDaily } from './frame-controls.ts'
import type { VideoCallStore } from './video-call-store.ts'
import css from './video-overlay.css?inline'

const adoptOverlaySheet = createSheetAdopter(css)

export interface VideoOverlayProps {
  store: VideoCallStore
  /** The persona's display name, for the title. */
  name: string
  /** The element whose toasts show inside the overlay while it is open. */
  owner: object
  loadDaily?: LoadDaily | undefined
}

/**
 * The video-call overlay: a native modal `<dialog>`, open while a call is active, so it sits in the top
 * layer above any host-page banner, keeps the page inert and traps the focus. Escape asks before it
 * ends the call; a browser that closes the dialog anyway (a second Escape) ends it too. The element's
 * toasts show inside it while it is open, over the top of the conversation's picture: the title and
 * the countdown are above it, the controls below, so a toast covers none of them.
 */
export function VideoOverlay({ store, name, owner, loadDaily }: VideoOverlayProps) {
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
      <div class="video-body">
        {open && (
          <div class="flex items-center justify-between gap-3">
            <h2 id="video-call-title" class="min-w-0 text-base font-semibold text-balance sm:text-lg">
              {CALL_TEXT.title(name)}
            </h2>
            {url && (
              <p
                role="timer"
                aria-label={CALL_TEXT.timeLeft}
                class={`shrink-0 rounded-full px-3 py-1 font-semibold tabular-nums ${
                  state.secondsLeft < 60 ? 'bg-danger-soft text-danger-ink' : 'bg-sunken text-ink'
                }`}
              >
                {formatClock(state.secondsLeft)}
              </p>
            )}
          </div>
        )}
        <div class="video-stage">
          {open &&
            (url ? (
              <CallFrame
                url={url}
                muted={state.muted}
                cameraOn={state.cameraOn}
                onLeft={() => store.getState().end()}
                loadDaily={loadDaily}
              />
            ) : (
              <LoadFailed onClose={() => state.end()} />
            ))}
          {/* Over the top of the picture: never over the title, the countdown or the controls. */}
          <div class="video-toast">
            <ToastSlot owner={owner} active={open} inDialog />
          </div>
        </div>
        {open && url && (
          <>
            <CallControls {...state} />
            <p class="text-center text-xs text-ink-soft">
              {CALL_TEXT.privacy} <PrivacyLink />
            </p>
          </>
        )}
        {/* Always rendered while open, so screen readers already watch it when a minute passes. */}
        {open && (
          <p class="sr-only" aria-live="polite">
            {state.announcement}
          </p>
        )}
      </div>
    </dialog>
  )
}

/** The overlay opened with no conversation to show. Nothing to confirm: Close gets the focus. */
function LoadFailed({ onClose }: { onClose(): void }) {
  const close = useRef<HTMLButtonElement>(null)
  useEffect(() => close.current?.focus(), [])
  return (
    <div class="flex flex-1 flex-col items-center justify-center gap-4 py-10 text-center">
      <p class="text-lg font-medium">{CALL_TEXT.loadFailed}</p>
      <button
        ref={close}
        type="button"
        class="h-12 rounded-xl px-6 font-semibold ring-1 ring-edge hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        onClick={onClose}
      >
        {CALL_TEXT.close}
      </button>
    </div>
  )
}
