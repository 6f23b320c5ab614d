import { useEffect, useRef, useState } from 'preact/hooks'
import { VideoIcon } from './video-icon.tsx'

/** The accessible name of the floating button. */
export const VIDEO_CALL_LABEL = 'Start a video call'
/** What the button says until video calls ship (the video issue). */
export const VIDEO_CALL_UNAVAILABLE = 'Video calls are not available yet. Try the voice demo instead.'
/** How long the note stays before it fades by itself. */
export const NOTICE_MS = 6000

// Fixed to the viewport's bottom left, clear of the iPhone home indicator and rounded corners.
const DOCK =
  'fixed bottom-[max(16px,env(safe-area-inset-bottom))] left-[max(16px,env(safe-area-inset-left))] ' +
  'z-[2147483000] flex flex-col items-start gap-3'
const BUTTON =
  'flex size-14 items-center justify-center rounded-full bg-linear-to-br from-indigo-600 to-violet-600 ' +
  'text-white shadow-lg ring-2 ring-white/80 transition-transform hover:from-indigo-700 hover:to-violet-700 ' +
  'motion-safe:hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'
// Dark on light pages and light enough on dark ones: it reads on any host page.
const NOTICE =
  'order-first max-w-[min(280px,calc(100vw-32px))] rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg'

/**
 * The floating video-call button on every screen (SPEC §2). Until the video issue lands, pressing it
 * says so in a small note (a polite live region, so screen readers hear it without losing focus);
 * pressing again, Escape or the timer closes the note.
 */
export function VideoCallButton() {
  const [notice, setNotice] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  const show = (text: string) => {
    clearTimeout(timer.current)
    setNotice(text)
    if (text) timer.current = setTimeout(() => setNotice(''), NOTICE_MS)
  }

  return (
    <div class={DOCK}>
      <button
        type="button"
        class={BUTTON}
        aria-label={VIDEO_CALL_LABEL}
        onClick={() => show(notice ? '' : VIDEO_CALL_UNAVAILABLE)}
        onKeyDown={(event) => event.key === 'Escape' && show('')}
      >
        <VideoIcon />
      </button>
      {/* Always rendered, so screen readers already watch it when the message arrives. */}
      <p role="status" aria-live="polite" class={notice ? NOTICE : 'sr-only'}>
        {notice}
      </p>
    </div>
  )
}
