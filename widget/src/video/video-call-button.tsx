import { useEffect, useRef, useState } from 'preact/hooks'
import { NETWORK_ERROR_MESSAGE } from '../state/fetch-api.ts'
import { PanelToast } from '../ui/panel-toast.tsx'
import { START_ERROR_TEXT } from '../voice/start-error-text.ts'
import type { LauncherView, LoadVideoCall, VideoCallHandle } from './launcher-view.ts'
import { VideoIcon } from './video-icon.tsx'

// Fixed to the viewport's bottom left, clear of the iPhone home indicator and rounded corners; a
// toast stacks above the button (after it in the DOM, so the button comes first in the tab order).
const DOCK =
  'fixed bottom-[max(16px,env(safe-area-inset-bottom))] left-[max(16px,env(safe-area-inset-left))] ' +
  'z-[2147483000] flex max-w-[min(360px,calc(100vw-32px))] flex-col-reverse items-start gap-3'
/** The accessible name of the floating button. */
export const VIDEO_CALL_LABEL = 'Start a video call'

const BUTTON =
  'flex size-14 items-center justify-center rounded-full bg-linear-to-br from-indigo-600 to-violet-600 ' +
  'text-white shadow-lg ring-2 ring-white/80 transition-transform hover:from-indigo-700 hover:to-violet-700 ' +
  'motion-safe:hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'

const IDLE: LauncherView = { status: 'idle', toast: null }

const loadVideoCall: LoadVideoCall = (host, show) =>
  import('./call/video-call.tsx').then(({ createVideoCall }) => createVideoCall(host, show))

/**
 * The floating video-call button on every screen (SPEC §2). Only the button is first paint: the call
 * (overlay, countdown, API client, texts, daily-js) is a chunk fetched on intent (pointer over,
 * focus), normally there by the click, and it draws the button's busy label itself. While connecting
 * or in a call the button is aria-disabled rather than disabled, so it keeps the focus it had and the
 * dialog hands it back on close.
 */
export function VideoCallButton({ host, load = loadVideoCall }: { host: HTMLElement; load?: LoadVideoCall }) {
  const [view, show] = useState(IDLE)
  const call = useRef<Promise<VideoCallHandle> | undefined>(undefined)

  useEffect(
    () => () =>
      void call.current?.then(
        (loaded) => loaded.dispose(),
        () => {},
      ),
    [],
  )

  const ensureCall = () =>
    (call.current ??= load(host, show).catch((error: unknown) => {
      call.current = undefined // offline for a moment: the next click tries again
      throw error
    }))
  const prepare = () => void ensureCall().catch(() => {})
  const start = () => {
    if (view.status !== 'idle') return
    ensureCall().then(
      (loaded) => loaded.start(),
      () =>
        show({
          status: 'idle',
          // The call chunk did not load: a network failure, like any other.
          toast: {
            title: START_ERROR_TEXT.failedTitle,
            description: NETWORK_ERROR_MESSAGE,
            variant: 'destructive',
          },
        }),
    )
  }
  const { Busy, Overlay } = view

  return (
    <div class={DOCK}>
      <button
        type="button"
        class={BUTTON}
        aria-label={Busy ? undefined : VIDEO_CALL_LABEL}
        aria-disabled={view.status !== 'idle'}
        onPointerEnter={prepare}
        onFocus={prepare}
        onClick={start}
      >
        {Busy ? <Busy /> : <VideoIcon />}
      </button>
      <PanelToast toast={view.toast} onDismiss={view.dismissToast ?? (() => show(IDLE))} />
      {Overlay && <Overlay />}
    </div>
  )
}
