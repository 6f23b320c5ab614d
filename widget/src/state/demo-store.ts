import { createStore, type StoreApi } from 'zustand/vanilla'
import { AppError } from '../../../core/errors.ts'
import type { Prospect, ProspectResponse } from '../../../core/prospect.ts'
import type { VoiceClient } from '../voice/voice-client.ts'
import {
  CALL_TEXT,
  describeCallError,
  describeStartFailure,
  TOAST_DURATION_MS,
  type WidgetToast,
} from './call-messages.ts'

export const BROWSER_CALL_UNAVAILABLE = 'Browser calls are not available yet.'
export const PHONE_CALL_UNAVAILABLE = 'Phone calls are not available yet.'
export const VOICE_NOT_CONFIGURED = 'The voice demo is not configured on this site yet.'

export type ProspectLoad =
  | { status: 'loading' }
  | { status: 'loaded'; prospect: Prospect; fallback: boolean }
  | { status: 'error'; message: string }

/** SPEC §4: idle → connecting → connected → stopping → idle. */
export type CallStatus = 'idle' | 'connecting' | 'connected' | 'stopping'

export interface DemoState {
  prospect: ProspectLoad
  call: CallStatus
  /** SPEC §4 demo wrapper flag: the microphone is muted; only while a call is live. */
  muted: boolean
  /** The one toast on screen (SPEC §9: one at a time, 5000 ms), or null. */
  toast: WidgetToast | null
  /** What the panel's live status region says; empty when there is nothing to say. */
  notice: string
  /** Loads a prospect, cancelling the request still running for the previous one. */
  load(slug: string, apiBase: string): void
  retry(): void
  /** Starts fetching the voice client (pointer over or focus on the button), so a click starts sooner. */
  prepareBrowserCall(): void
  toggleBrowserCall(): void
  /** Mutes or unmutes the microphone; does nothing outside a live call. */
  toggleMute(): void
  dismissToast(): void
  requestPhoneCall(): void
  /** Cancels the running request and the call, and stops listening to the voice client. */
  dispose(): void
}

export interface DemoDeps {
  fetchProspect(slug: string, apiBase: string, signal: AbortSignal): Promise<ProspectResponse>
  /**
   * Fetches the voice client on intent (config + lazy SDK chunk); resolves null when the voice demo is
   * not configured. Absent: the panel says browser calls are not available.
   */
  loadVoiceClient?: (() => Promise<VoiceClient | null>) | undefined
  /** Tells the host page about the call (the element turns these into `voice-demo:*` events). */
  emit?: (event: CallEvent, message?: string) => void
}

/** What the host page hears about a call; `error` carries the message the visitor was shown. */
export type CallEvent = 'call-start' | 'call-end' | 'error' | 'speech-start' | 'speech-end'

export type DemoStore = StoreApi<DemoState>

/** One store per `<voice-demo>` element, so two widgets on a page never share a call or a prospect. */
export function createDemoStore({ fetchProspect, loadVoiceClient, emit = () => {} }: DemoDeps): DemoStore {
  let voiceClient: VoiceClient | null = null
  let loadingClient: Promise<VoiceClient | null> | undefined
  let disposed = false
  let request: AbortController | null = null
  let lastLoad: [slug: string, apiBase: string] | null = null
  const unsubscribes: Array<() => void> = []
  let toastTimer: ReturnType<typeof setTimeout> | undefined

  /** One toast at a time: a new one replaces the old and restarts the 5000 ms. */
  function showToast(title: string, description: string, variant: WidgetToast['variant'] = 'default') {
    clearTimeout(toastTimer)
    store.setState({ toast: { title, description, variant } })
    toastTimer = setTimeout(() => store.setState({ toast: null }), TOAST_DURATION_MS)
  }

  const store = createStore<DemoState>()((set, get) => ({
    prospect: { status: 'loading' },
    call: 'idle',
    muted: false,
    toast: null,
    notice: '',
    load(slug, apiBase) {
      request?.abort()
      const current = new AbortController()
      request = current
      lastLoad = [slug, apiBase]
      set({ prospect: { status: 'loading' }, notice: '' })
      fetchProspect(slug, apiBase, current.signal).then(
        ({ prospect, fallback }) => {
          if (!current.signal.aborted) set({ prospect: { status: 'loaded', prospect, fallback } })
        },
        (error: unknown) => {
          if (current.signal.aborted) return
          const message = (error instanceof AppError ? error : new AppError('unavailable')).message
          set({ prospect: { status: 'error', message } })
        },
      )
    },
    retry() {
      if (lastLoad) get().load(...lastLoad)
    },
    prepareBrowserCall() {
      ensureVoiceClient().catch(() => {}) // a failed prefetch is retried, and reported, on click
    },
    toggleBrowserCall() {
      const { call, prospect } = get()
      if (!loadVoiceClient) return set({ notice: BROWSER_CALL_UNAVAILABLE })
      if (prospect.status !== 'loaded') return
      if (call === 'idle') {
        set({ call: 'connecting', notice: '' })
        const { assistantId, firstMessage, system } = prospect.prospect
        const failStart = (error: unknown) => {
          if (get().call === 'idle') return // the client's error event already said so
          set({ call: 'idle', muted: false })
          const message = describeStartFailure(error)
          showToast(CALL_TEXT.failedTitle, message, 'destructive')
          emit('error', message)
        }
        ensureVoiceClient().then((client) => {
          if (disposed) return
          if (!client) return set({ call: 'idle', notice: VOICE_NOT_CONFIGURED })
          client.start({ assistantId, firstMessage, system }).catch(failStart)
        }, failStart)
      } else if (call === 'connected' && voiceClient) {
        set({ call: 'stopping' })
        // SPEC §4: an error while stopping only resets to not connected.
        voiceClient.stop().catch(() => set({ call: 'idle', muted: false }))
      }
      // connecting / stopping: a second click is ignored (the button is disabled too).
    },
    toggleMute() {
      const { call, muted } = get()
      if (call !== 'connected' || !voiceClient) return
      voiceClient.setMuted(!muted)
      set({ muted: !muted })
    },
    dismissToast() {
      clearTimeout(toastTimer)
      set({ toast: null })
    },
    requestPhoneCall() {
      set({ notice: PHONE_CALL_UNAVAILABLE })
    },
    dispose() {
      disposed = true
      request?.abort()
      clearTimeout(toastTimer)
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe()
      if (get().call !== 'idle') voiceClient?.stop().catch(() => {})
    },
  }))

  function listenTo(client: VoiceClient) {
    unsubscribes.push(
      client.on('call-start', () => {
        store.setState({ call: 'connected' })
        showToast(CALL_TEXT.connectedTitle, CALL_TEXT.connectedBody)
        emit('call-start')
      }),
      client.on('call-end', () => {
        const wasLive = store.getState().call !== 'idle'
        store.setState({ call: 'idle', muted: false })
        if (!wasLive) return
        showToast(CALL_TEXT.disconnectedTitle, CALL_TEXT.disconnectedBody)
        emit('call-end')
      }),
      client.on('error', (error) => {
        const { call } = store.getState()
        store.setState({ call: 'idle', muted: false })
        if (call === 'idle') return
        if (call === 'stopping') return emit('call-end') // SPEC §4: an error while stopping only resets
        const message = describeCallError(error)
        showToast(CALL_TEXT.failedTitle, message, 'destructive')
        emit('error', message)
        if (call === 'connected') emit('call-end')
      }),
      client.on('speech-start', () => emit('speech-start')),
      client.on('speech-end', () => {
        // A late speech-end after the call ended (a known SDK quirk) is not news for the host page.
        if (store.getState().call !== 'idle') emit('speech-end')
      }),
    )
  }

  /** One client per widget, fetched once; a failed fetch (offline for a moment) may be retried. */
  function ensureVoiceClient(): Promise<VoiceClient | null> {
    if (!loadVoiceClient) return Promise.resolve(null)
    loadingClient ??= loadVoiceClient().then(
      (client) => {
        if (client && !disposed) {
          voiceClient = client
          listenTo(client)
        }
        return client
      },
      (error: unknown) => {
        loadingClient = undefined
        throw error
      },
    )
    return loadingClient
  }

  return store
}
