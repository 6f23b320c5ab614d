import type { ComponentType } from 'preact'
import type { StoreApi } from 'zustand/vanilla'
import type { Prospect } from '#core/prospect.ts'
import type { HostEvent } from '../api/host-vocabulary.ts'
import { loadToasts } from '../toast/toasts.ts'
import type { CallViewProps } from '../voice/call-view.tsx'
import type { LiveCallStore } from '../voice/live-call.ts'
import { START_ERROR_TEXT } from '../voice/start-error-text.ts'
import type { DemoContext, DemoSlice, DemoState } from './demo-store.ts'
import { isOff } from './prospect-slice.ts'

/** The browser call: idle → connecting → connected → stopping → idle. */
export type CallStatus = 'idle' | 'connecting' | 'connected' | 'stopping'

/** What the host page hears about a call; `error` carries the message the visitor was shown. */
export type CallEvent = HostEvent

export interface CallSlice {
  call: CallStatus
  /** The microphone is muted; only while a call is live. */
  muted: boolean
  /** Starts fetching the call chunk (pointer over or focus on the button), so a click starts sooner. */
  prepareBrowserCall(): void
  /** Starts the browser call; only from idle, and only when the demo can run. */
  startCall(): void
  /** Ends the browser call; only a live one. */
  stopCall(): void
  /** Mutes or unmutes the microphone; does nothing outside a live call. */
  toggleMute(): void
  /**
   * The element's call, once the call chunk has arrived and the voice demo is configured: a handle for
   * the panel's call view, kept out of the state (it is no data, and never changes once made).
   */
  browserCall(): BrowserCall | null
}

/**
 * The browser call, from the lazy call chunk (`voice/browser-call.ts`): it drives the call part of the
 * store, so none of the call's logic or texts weigh on the first paint.
 */
export interface BrowserCall {
  /** Starts a call for `prospect`; the store already says 'connecting'. */
  start(prospect: Prospect): void
  stop(): void
  toggleMute(): void
  /** Who speaks, since when, and what was said, for the panel's call view. */
  live: LiveCallStore
  /** Draws the call's audio levels on the view's canvas until the returned function is called. */
  attachMeter(canvas: HTMLCanvasElement): () => void
  dispose(): void
}

/** What the call chunk gets to work with: the element's store, its host-event channel and its reporter. */
export interface CallHost {
  store: Pick<StoreApi<DemoState>, 'getState' | 'setState' | 'subscribe'>
  emit: (event: CallEvent, message?: string) => void
  report?: DemoContext['report']
}

/**
 * The call chunks: the call's entry (voice settings, Vapi SDK) and what the panel shows while the call
 * is live (meter, who speaks, elapsed time, captions).
 */
export interface CallChunk {
  /** The element's call; null when the voice demo is not configured on the server. */
  connectVoice(apiBase: string, host: CallHost): Promise<BrowserCall | null>
  /** Starts `call` once the prospect has loaded, or says why it cannot (voice/start-when-loaded.ts). */
  startWhenLoaded(call: BrowserCall | null, host: CallHost): Promise<void>
  CallView: ComponentType<CallViewProps>
}

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
      if (isOff(get().prospect, 'browserCall')) return // nothing to fetch for a demo that cannot run
      // A failed prefetch is retried, and reported, on click.
      Promise.all([ensureBrowserCall(), loadToasts()]).catch(() => {})
    },
    startCall() {
      const { call, prospect } = get()
      // Connecting or stopping, a second click is ignored (the button is disabled too).
      if (call !== 'idle' || prospect.status === 'error' || isOff(prospect, 'browserCall')) return
      set({ call: 'connecting', notice: '' })
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
    },
    stopCall() {
      if (get().call === 'connected') made?.stop()
    },
    toggleMute() {
      made?.toggleMute()
    },
  }
}
