import type { ComponentType } from 'preact'
import { createStore, type StoreApi } from 'zustand/vanilla'
import { ApiError, UNAVAILABLE_MESSAGE } from '../../../core/api-error.ts'
import type { Prospect, ProspectResponse } from '../../../core/prospect.ts'
import type { PhoneDialogProps } from '../phone/phone-dialog.tsx'
import { START_ERROR_TEXT } from '../voice/start-error-text.ts'
import { NETWORK_ERROR_MESSAGE } from './fetch-api.ts'
import { createToastActions, type WidgetToast } from './widget-toast.ts'

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
  /** Starts fetching the call chunk (pointer over or focus on the button), so a click starts sooner. */
  prepareBrowserCall(): void
  toggleBrowserCall(): void
  /** Mutes or unmutes the microphone; does nothing outside a live call. */
  toggleMute(): void
  /**
   * The meter canvas's ref: the call draws its audio levels on the canvas from mount (`canvas`) until
   * unmount (`null`).
   */
  meterRef(canvas: HTMLCanvasElement | null): void
  /** Shows one toast, replacing the current one, for 5000 ms. */
  showToast(title: string, description: string, variant?: WidgetToast['variant']): void
  dismissToast(): void
  /** The phone dialog's component once its lazy chunk has arrived (it then stays mounted). */
  phoneDialog: ComponentType<PhoneDialogProps> | null
  phoneOpen: boolean
  /** Starts fetching the phone dialog's chunk (pointer over or focus on 'Call Me'). */
  preparePhoneDialog(): void
  openPhoneDialog(): void
  closePhoneDialog(): void
  /** Cancels the running request and the call, and stops listening to the voice client. */
  dispose(): void
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
  attachMeter(canvas: HTMLCanvasElement): () => void
  dispose(): void
}

/** What the call chunk gets to work with: the element's store and its host-event channel. */
export interface CallHost {
  store: DemoStore
  emit: (event: CallEvent, message?: string) => void
}

export interface DemoDeps {
  fetchProspect(slug: string, apiBase: string, signal: AbortSignal): Promise<ProspectResponse>
  /**
   * Fetches the browser call on intent (config + lazy chunks); resolves null when the voice demo is
   * not configured.
   */
  loadBrowserCall(host: CallHost): Promise<BrowserCall | null>
  /** Fetches the phone dialog's lazy chunk. */
  loadPhoneDialog(): Promise<ComponentType<PhoneDialogProps>>
  /** Tells the host page about the call (the element turns these into `voice-demo:*` events). */
  emit?: (event: CallEvent, message?: string) => void
}

/** What the host page hears about a call; `error` carries the message the visitor was shown. */
export type CallEvent = 'call-start' | 'call-end' | 'error' | 'speech-start' | 'speech-end'

export type DemoStore = StoreApi<DemoState>

/** One store per `<voice-demo>` element, so two widgets on a page never share a call or a prospect. */
export function createDemoStore({
  fetchProspect,
  loadBrowserCall,
  loadPhoneDialog,
  emit = () => {},
}: DemoDeps): DemoStore {
  let browserCall: BrowserCall | null = null
  let loadingDialog: Promise<ComponentType<PhoneDialogProps>> | undefined
  let loadingCall: Promise<BrowserCall | null> | undefined
  let disposed = false
  let request: AbortController | null = null
  let lastLoad: [slug: string, apiBase: string] | null = null
  let detachMeter = () => {}

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
      const { prospect, notice } = get()
      // The first load finds the store as created: no update, so no second render at boot.
      if (prospect.status !== 'loading' || notice) set({ prospect: { status: 'loading' }, notice: '' })
      // In a task of its own: a page's first fetch() costs the main thread milliseconds (4× that on
      // a slow phone), which the panel's first paint, buttons included, need not wait for.
      setTimeout(() => {
        if (current.signal.aborted) return // superseded or disposed before it was asked
        fetchProspect(slug, apiBase, current.signal).then(
          ({ prospect, fallback }) => {
            if (!current.signal.aborted) set({ prospect: { status: 'loaded', prospect, fallback } })
          },
          (error: unknown) => {
            if (current.signal.aborted) return
            const message = error instanceof ApiError ? error.message : UNAVAILABLE_MESSAGE
            set({ prospect: { status: 'error', message } })
          },
        )
      })
    },
    retry() {
      if (lastLoad) get().load(...lastLoad)
    },
    prepareBrowserCall() {
      ensureBrowserCall().catch(() => {}) // a failed prefetch is retried, and reported, on click
    },
    toggleBrowserCall() {
      const { call, prospect } = get()
      if (prospect.status === 'error') return
      if (call === 'connected') return browserCall?.stop()
      if (call !== 'idle') return // connecting / stopping: a second click is ignored (the button is disabled too)
      set({ call: 'connecting', notice: '' })
      // A click while the prospect loads waits for it; the call chunk downloads meanwhile.
      Promise.all([ensureBrowserCall(), loadedProspect()]).then(
        ([loaded, prospect]) => {
          if (disposed) return
          if (!prospect) return set({ call: 'idle' }) // the panel says why the prospect did not load
          if (!loaded) return set({ call: 'idle', notice: VOICE_NOT_CONFIGURED })
          loaded.start(prospect)
        },
        () => {
          // The call chunk did not load (offline for a moment): SPEC §8's generic start failure.
          set({ call: 'idle' })
          get().showToast(START_ERROR_TEXT.failedTitle, START_ERROR_TEXT.startFailed, 'destructive')
          emit('error', START_ERROR_TEXT.startFailed)
        },
      )
    },
    toggleMute() {
      browserCall?.toggleMute()
    },
    meterRef(canvas) {
      detachMeter()
      if (!canvas) return
      let detach: (() => void) | undefined
      let detached = false
      detachMeter = () => {
        detached = true
        detach?.()
      }
      // The canvas appears with 'connecting', possibly before the call chunk has arrived.
      loadingCall?.then(
        (loaded) => {
          if (loaded && !detached) detach = loaded.attachMeter(canvas)
        },
        () => {},
      )
    },
    ...createToastActions(set),
    phoneDialog: null,
    phoneOpen: false,
    preparePhoneDialog() {
      ensurePhoneDialog().catch(() => {})
    },
    openPhoneDialog() {
      ensurePhoneDialog().then(
        (phoneDialog) => !disposed && set({ phoneDialog, phoneOpen: true }),
        () => get().showToast(START_ERROR_TEXT.callFailedTitle, NETWORK_ERROR_MESSAGE, 'destructive'),
      )
    },
    closePhoneDialog() {
      set({ phoneOpen: false })
    },
    dispose() {
      disposed = true
      request?.abort()
      get().dismissToast()
      detachMeter()
      browserCall?.dispose()
    },
  }))

  /** The prospect once it has loaded, or null when loading it failed. */
  function loadedProspect(): Promise<Prospect | null> {
    return new Promise((resolve) => {
      const settle = ({ prospect }: DemoState): boolean => {
        if (prospect.status === 'loading') return false
        resolve(prospect.status === 'loaded' ? prospect.prospect : null)
        return true
      }
      if (settle(store.getState())) return
      const unsubscribe = store.subscribe((state) => settle(state) && unsubscribe())
    })
  }

  /** The dialog's chunk, fetched once; a failed fetch may be retried. */
  function ensurePhoneDialog() {
    loadingDialog ??= loadPhoneDialog().catch((error: unknown) => {
      loadingDialog = undefined
      throw error
    })
    return loadingDialog
  }

  /** One browser call per widget, fetched once; a failed fetch (offline for a moment) may be retried. */
  function ensureBrowserCall(): Promise<BrowserCall | null> {
    loadingCall ??= loadBrowserCall({ store, emit }).then(
      (loaded) => {
        if (loaded && disposed) loaded.dispose()
        else browserCall = loaded
        return loaded
      },
      (error: unknown) => {
        loadingCall = undefined
        throw error
      },
    )
    return loadingCall
  }

  return store
}
