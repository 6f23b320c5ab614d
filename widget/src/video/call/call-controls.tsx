import { useEffect, useRef } from 'preact/hooks'
import { MicIcon } from '../../ui/mic-icon.tsx'
import { CameraToggleIcon, HangUpIcon } from './call-icons.tsx'
import { CALL_TEXT } from './call-text.ts'
import type { VideoCallState } from './video-call-store.ts'

const BUTTON =
  'inline-flex h-12 flex-auto items-center justify-center gap-2 rounded-xl px-2 text-sm font-semibold ' +
  'whitespace-nowrap sm:px-4 sm:text-base ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent sm:flex-none'
const PLAIN = `${BUTTON} bg-surface text-ink ring-1 ring-edge hover:bg-muted`
const DANGER = `${BUTTON} bg-red-600 text-white hover:bg-red-700`

type Props = Pick<
  VideoCallState,
  'muted' | 'cameraOn' | 'confirmingEnd' | 'toggleMute' | 'toggleCamera' | 'end' | 'keepTalking'
>

/**
 * Mute, camera and 'End call'; after Escape, the same row asks whether to end (inside the dialog, so
 * it stays in the top layer and in the focus trap). The focus goes to 'Keep talking', the choice that
 * loses nothing: an Enter pressed by habit must not end a call that cannot be resumed. 'End call' is
 * one Tab away, and a second Escape closes the dialog too.
 */
export function CallControls({
  muted,
  cameraOn,
  confirmingEnd,
  toggleMute,
  toggleCamera,
  end,
  keepTalking,
}: Props) {
  const confirm = useRef<HTMLButtonElement>(null)
  const first = useRef<HTMLButtonElement>(null)
  // Opening, asking and going back each move the focus, so it never drops out of the dialog.
  useEffect(() => (confirmingEnd ? confirm : first).current?.focus(), [confirmingEnd])

  if (confirmingEnd) {
    return (
      <div class="flex flex-wrap items-center gap-3">
        <p id="video-call-confirm" class="w-full font-medium sm:w-auto sm:flex-1">
          {CALL_TEXT.confirmQuestion}
        </p>
        <button
          ref={confirm}
          type="button"
          class={PLAIN}
          aria-describedby="video-call-confirm"
          onClick={keepTalking}
        >
          {CALL_TEXT.keepTalking}
        </button>
        <button type="button" class={DANGER} aria-describedby="video-call-confirm" onClick={() => end()}>
          {CALL_TEXT.endCall}
        </button>
      </div>
    )
  }
  // Each icon shows what its button does, as the panel's do: 'Mute' a struck-through microphone.
  return (
    <div class="flex gap-3 sm:justify-center">
      <button ref={first} type="button" class={PLAIN} onClick={toggleMute}>
        <MicIcon off={!muted} />
        {muted ? CALL_TEXT.unmute : CALL_TEXT.mute}
      </button>
      <button type="button" class={PLAIN} onClick={toggleCamera}>
        <CameraToggleIcon off={cameraOn} />
        {cameraOn ? CALL_TEXT.cameraOff : CALL_TEXT.cameraOn}
      </button>
      <button type="button" class={DANGER} onClick={() => end()}>
        <HangUpIcon />
        {CALL_TEXT.endCall}
      </button>
    </div>
  )
}
