import { createStore, type StoreApi } from 'zustand/vanilla'
import { RequestFailure } from '#core/api-error.ts'
import { VIDEO_CALL_SECONDS, type VideoConversationResponse } from '#core/video-call.ts'
import type { WidgetEvent } from '../../engagement/report-engagement.ts'
import { LOG_PREFIX } from '../../lib/log-prefix.ts'
import { dismissToastOf, showToast, type ToastVariant } from '../../toast/toasts.ts'
import { START_ERROR_TEXT } from '../../voice/start-error-text.ts'
import type { VideoCallStatus } from '../launcher-view.ts'
import { CALL_TEXT, formatDuration, minutesLeftText } from './call-text.ts'
import { startCountdown as defaultStartCountdown, type StartCountdown } from './countdown.ts'
import { type EndTransport, readFrameUrl } from './video-api.ts'

/** The conversation of an active call. `url` is null when the answer held no page we may frame. */
export interface VideoConversation {
  id: string
  url: string | null
}

/**
 * Why a call ends. Only the visitor's own end and the countdown say 'Call Ended'; when the page is
 * left or the element removed, nobody is there to read it.
 */
export type EndReason = 'user' | 'timeout' | 'page-hide' | 'removed'

export interface VideoCallState {
  status: VideoCallStatus
  conversation: VideoConversation | null
  /** The whole call's length: the server's `maxDurationSeconds`, else 300 s. */
  durationSeconds: number
  secondsLeft: number
  muted: boolean
  cameraOn: boolean
  /** Escape asked to end the call: the overlay asks first. */
  confirmingEnd: boolean
  /** What the overlay's live region says: the time left at each whole minute. */
  announcement: string
  /** Starts a call for the prospect `slug`; ignored unless idle (the button is disabled while busy). */
  start(slug: string | undefined, apiBase: string): void
  /** Ends the active call: the end endpoint once, timer and toggles reset, conversation cleared. */
  end(reason?: EndReason): void
  toggleMute(): void
  toggleCamera(): void
  askToEnd(): void
  keepTalking(): void
  /** Shows the page's one toast in the element's region, replacing any other, for 5000 ms. */
  showToast(title: string, description: string, variant?: ToastVariant): void
  /** Removes the element's toast, if it is the one on screen. */
  dismissToast(): void
  /**
   * The page is being left or the element removed: ends the active call (by beacon on page hide),
   * or the one still connecting as soon as its answer arrives.
   */
  leave(reason: 'page-hide' | 'removed'): void
}

export type VideoCallStore = StoreApi<VideoCallState>

export interface VideoCallDeps {
  startConversation(slug: string | undefined, apiBase: string): Promise<VideoConversationResponse>
  endConversation(conversationId: string, apiBase: string, transport: EndTransport): Promise<void>
  startCountdown?: StartCountdown
  /** The persona's display name, for the toasts. */
  name?: string
  /** Whose toast region shows the call's toasts: the element. */
  owner?: object
  /** Reports engagement for the sales team (engagement/report-engagement.ts); none without it. */
  report?(apiBase: string, event: WidgetEvent): void
}

/** Ending resets the timer to the full length, unmutes, turns the camera on and clears the conversation. */
const RESET = {
  conversation: null,
  durationSeconds: VIDEO_CALL_SECONDS,
  secondsLeft: VIDEO_CALL_SECONDS,
  muted: false,
  cameraOn: true,
  confirmingEnd: false,
  announcement: '',
} as const

/**
 * The video support call of one `<voice-video-call>`: idle → connecting → active → ended →
 * idle. The end endpoint is called exactly once per conversation, whatever ends it first.
 */
export function createVideoCallStore({
  startConversation,
  endConversation,
  startCountdown = defaultStartCountdown,
  name = CALL_TEXT.persona,
  owner = {},
  report,
}: VideoCallDeps): VideoCallStore {
  let apiBase = ''
  let countdown: { stop(): void } | null = null
  /** The active call's prospect and when it became active, for its engagement events. */
  let reported: { slug: string; since: number } | null = null
  // Bumped by leave: a start whose answer comes later is ended at once instead of shown.
  let attempt = 0

  const sendEnd = (id: string, base: string, transport: EndTransport) =>
    endConversation(id, base, transport).catch((error: unknown) =>
      console.warn(`${LOG_PREFIX} the video call could not be ended; it stops at its time limit.`, error),
    )

  const store = createStore<VideoCallState>()((set, get) => ({
    status: 'idle',
    ...RESET,
    start(slug, base) {
      if (get().status !== 'idle') return
      const current = ++attempt
      apiBase = base
      set({ status: 'connecting' })
      get().dismissToast()
      startConversation(slug, base).then(
        ({ conversationId, conversationUrl, maxDurationSeconds }) => {
          if (current !== attempt) return void sendEnd(conversationId, base, 'fetch')
          const url = readFrameUrl(conversationUrl)
          // For the sales team: how long the video call with the prospect's page's persona lasted
          // (none without a slug); the server records its start itself.
          reported = slug ? { slug, since: Date.now() } : null
          set({
            status: 'active',
            conversation: { id: conversationId, url },
            durationSeconds: maxDurationSeconds,
            secondsLeft: maxDurationSeconds,
          })
          // Without a page to show, the overlay says so and offers Close; no countdown runs.
          if (!url) return
          countdown = startCountdown(maxDurationSeconds, onTick)
          get().showToast(
            CALL_TEXT.connectedTitle,
            CALL_TEXT.connectedBody(name, formatDuration(maxDurationSeconds)),
          )
        },
        (error: unknown) => {
          if (current !== attempt) return
          set({ status: 'idle' })
          const message = error instanceof RequestFailure ? error.message : CALL_TEXT.startFailed
          get().showToast(START_ERROR_TEXT.failedTitle, message, 'destructive')
        },
      )
    },
    end(reason = 'user') {
      const { status, conversation } = get()
      if (status !== 'active' || !conversation) return
      countdown?.stop()
      countdown = null
      if (reported) {
        const seconds = Math.round((Date.now() - reported.since) / 1000)
        report?.(apiBase, { name: 'video_call_ended', slug: reported.slug, seconds })
        reported = null
      }
      set({ status: 'ended', conversation: null })
      void sendEnd(conversation.id, apiBase, reason === 'page-hide' ? 'beacon' : 'fetch')
      set({ status: 'idle', ...RESET })
      if (conversation.url && (reason === 'user' || reason === 'timeout')) {
        get().showToast(CALL_TEXT.endedTitle, CALL_TEXT.endedBody(name))
      }
    },
    toggleMute() {
      if (get().status === 'active') set({ muted: !get().muted })
    },
    toggleCamera() {
      if (get().status === 'active') set({ cameraOn: !get().cameraOn })
    },
    askToEnd() {
      if (get().status === 'active') set({ confirmingEnd: true })
    },
    keepTalking() {
      set({ confirmingEnd: false })
    },
    showToast: (title, description, variant) => void showToast(owner, title, description, variant),
    dismissToast: () => dismissToastOf(owner),
    leave(reason) {
      attempt++
      get().end(reason)
      if (get().status === 'connecting') set({ status: 'idle' })
    },
  }))

  function onTick(secondsLeft: number): void {
    const minutes = secondsLeft / 60
    const announce = Number.isInteger(minutes) && minutes > 0
    store.setState(announce ? { secondsLeft, announcement: minutesLeftText(minutes) } : { secondsLeft })
    if (secondsLeft === 0) store.getState().end('timeout')
  }

  return store
}
