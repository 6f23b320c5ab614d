import { createStore, type StoreApi } from 'zustand/vanilla'
import { AppError } from '../../../core/errors.ts'
import type { Prospect, ProspectResponse } from '../../../core/prospect.ts'
import type { VoiceClient } from '../voice/voice-client.ts'

export const BROWSER_CALL_UNAVAILABLE = 'Browser calls are not available yet.'
export const PHONE_CALL_UNAVAILABLE = 'Phone calls are not available yet.'
export const CALL_START_FAILED = 'Failed to start voice assistant. Please try again.'

export type ProspectLoad =
  | { status: 'loading' }
  | { status: 'loaded'; prospect: Prospect; fallback: boolean }
  | { status: 'error'; message: string }

/** SPEC §4: idle → connecting → connected → stopping → idle. */
export type CallStatus = 'idle' | 'connecting' | 'connected' | 'stopping'

export interface DemoState {
  prospect: ProspectLoad
  call: CallStatus
  /** What the panel's live status region says; empty when there is nothing to say. */
  notice: string
  /** Loads a prospect, cancelling the request still running for the previous one. */
  load(slug: string, apiBase: string): void
  retry(): void
  toggleBrowserCall(): void
  requestPhoneCall(): void
  /** Cancels the running request and the call, and stops listening to the voice client. */
  dispose(): void
}

export interface DemoDeps {
  fetchProspect(slug: string, apiBase: string, signal: AbortSignal): Promise<ProspectResponse>
  /** Absent until browser calls ship; then the panel says they are not available yet. */
  voiceClient?: VoiceClient | undefined
}

export type DemoStore = StoreApi<DemoState>

/** One store per `<voice-demo>` element, so two widgets on a page never share a call or a prospect. */
export function createDemoStore({ fetchProspect, voiceClient }: DemoDeps): DemoStore {
  let request: AbortController | null = null
  let lastLoad: [slug: string, apiBase: string] | null = null
  const unsubscribes: Array<() => void> = []

  const store = createStore<DemoState>()((set, get) => ({
    prospect: { status: 'loading' },
    call: 'idle',
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
    toggleBrowserCall() {
      const { call, prospect } = get()
      if (!voiceClient) return set({ notice: BROWSER_CALL_UNAVAILABLE })
      if (prospect.status !== 'loaded') return
      if (call === 'idle') {
        set({ call: 'connecting', notice: '' })
        const { assistantId, firstMessage, system } = prospect.prospect
        voiceClient.start({ assistantId, firstMessage, system }).catch(() => {
          set({ call: 'idle', notice: CALL_START_FAILED })
        })
      } else if (call === 'connected') {
        set({ call: 'stopping' })
        voiceClient.stop().catch(() => set({ call: 'idle' }))
      }
    },
    requestPhoneCall() {
      set({ notice: PHONE_CALL_UNAVAILABLE })
    },
    dispose() {
      request?.abort()
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe()
      if (get().call !== 'idle') voiceClient?.stop().catch(() => {})
    },
  }))

  if (voiceClient) {
    const toIdle = () => store.setState({ call: 'idle' })
    unsubscribes.push(
      voiceClient.on('call-start', () => store.setState({ call: 'connected' })),
      voiceClient.on('call-end', toIdle),
      voiceClient.on('error', toIdle),
    )
  }
  return store
}
