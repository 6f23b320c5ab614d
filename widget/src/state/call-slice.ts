import { afterNextPaint } from '../lib/after-paint.ts'
import { loadToasts } from '../toast/toasts.ts'
import { START_ERROR_TEXT } from '../voice/start-error-text.ts'
import type { BrowserCall, CallHost, CallSlice, DemoSlice } from './demo-state.ts'
import { isOff } from './prospect-slice.ts'

/**
 * The browser call: one per element, made on the visitor's intent from the call chunk. Once the element
 * has left the page, a call still on its way is ended as it arrives, and a click waiting for it is
 * dropped.
 */
export const callSlice: DemoSlice<CallSlice> = (set, get, store, context) => {
  let made: BrowserCall | null = null
  let making: Promise<BrowserCall | null> | undefined
  let disposed = false
  const host: CallHost = { store, emit: context.emit, report: context.report }
  context.cleanups.push(() => {
    disposed = true
    made?.dispose()
  })

  /** The element's call, made once; a failed fetch (offline for a moment) may be retried. */
  const ensureBrowserCall = () =>
    (making ??= context.parts.call
      .load()
      .then(({ connectVoice }) => connectVoice(context.apiBase, host))
      .then(
        (call) => {
          if (call && disposed) call.dispose()
          else made = call
          return call
        },
        (error: unknown) => {
          making = undefined
          throw error
        },
      ))

  return {
    call: 'idle',
    muted: false,
    browserCall: () => made,
    prepareBrowserCall() {
      // After the frame: a tap brings the intent (the pointer's arrival, the focus) and the click in
      // one gesture, and the click's "Connecting..." must not wait for this fetch to start.
      afterNextPaint(() => {
        if (disposed || isOff(get().prospect, 'browserCall')) return // nothing to fetch for a demo that cannot run
        // A failed prefetch is retried, and reported, on click.
        Promise.all([ensureBrowserCall(), loadToasts()]).catch(() => {})
      })
    },
    startCall() {
      const { call, prospect } = get()
      // Connecting or stopping, a second click is ignored (the button is disabled too).
      if (call !== 'idle' || prospect.status === 'error' || isOff(prospect, 'browserCall')) return
      set({ call: 'connecting', notice: '' })
      // "Connecting..." is painted first: fetching the call's code, or starting the call once it is
      // here (which builds the voice client), comes after that frame, not before it.
      afterNextPaint(() => {
        if (disposed) return
        loadToasts().catch(() => {})
        // The call's chunk takes it from here (a click while the prospect loads waits for it there).
        ensureBrowserCall().then(
          (call) => {
            // Made, so its chunk is here.
            if (!disposed) void context.parts.call.get()?.startWhenLoaded(call, host)
          },
          () => {
            // The call chunk did not load (offline for a moment): the generic start failure.
            set({ call: 'idle' })
            get().sayFailure(START_ERROR_TEXT.failedTitle, START_ERROR_TEXT.startFailed)
            context.emit('error', START_ERROR_TEXT.startFailed)
          },
        )
      })
    },
    stopCall() {
      if (get().call === 'connected') made?.stop()
    },
    toggleMute() {
      made?.toggleMute()
    },
  }
}
