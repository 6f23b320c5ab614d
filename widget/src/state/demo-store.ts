import type { ComponentType } from 'preact'
import { createStore, type StoreApi } from 'zustand/vanilla'
import { ApiError, UNAVAILABLE_MESSAGE } from '../../../core/api-error.ts'
import type { Prospect, ProspectResponse } from '../../../core/prospect.ts'
import type { PhoneDialogProps } from '../phone/phone-dialog.tsx'
import { dismissToastOf, loadToasts, showToast, type ToastVariant } from '../toast/toasts.ts'
import type { LiveCallStore } from '../voice/live-call.ts'
import { START_ERROR_TEXT } from '../voice/start-error-text.ts'
import { NETWORK_ERROR_MESSAGE } from './fetch-api.ts'

export const VOICE_NOT_CONFIGURED = 'The voice demo is not configured on this site yet.'

export type ProspectLoad =
  | { status: 'loading' }
  | ({ status: 'loaded' } & ProspectResponse)
  | { status: 'error'; message: string }

/** The browser call: idle → connecting → connected → stopping → idle. */
export type CallStatus = 'idle' | 'connecting' | 'connected' | 'stopping'

export interface DemoState {
  prospect: ProspectLoad
  call: CallStatus
  /** The microphone is muted; only while a call is live. */
  muted: boolean
  /** What the panel's live status region says; empty when there is nothing to say. */
  notice: string
  phoneOpen: boolean
  /** Loads a prospect, cancelling the request still running for the previous one. */
  load(slug: string, apiBase: string): void
  retry(): void
  /** Starts fetching the call chunk (pointer over or focus on the button), so a click starts sooner. */
  prepareBrowserCall(): void
  toggleBrowserCall(): void
  /** Mutes or unmutes the microphone; does nothing outside a live call. */
  toggleMute(): void
  /** Shows the page's one toast in this element's region, replacing any other, for 5000 ms. */
  showToast(title: string, description: string, variant?: ToastVariant): void
  /** Removes this element's toast, if it is the one on screen. */
  dismissToast(): void
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
  /** Who speaks, since when, and what was said, for the panel's call view. */
  live: LiveCallStore
  /** Draws the call's audio levels on the view's canvas until the returned function is called. */
  attachMeter(canvas: HTMLCanvasElement): () => void
  dispose(): void
}

/** The call with what the panel shows while it is live: meter, who speaks, elapsed time, captions. */
export type LoadedBrowserCall = BrowserCall & { View: ComponentType }

/** What the call chunk gets to work with: the element's store and its host-event channel. */
export interface CallHost {
  store: DemoStore
  emit: (event: CallEvent, message?: string) => void
}

export interface DemoDeps {
  /** The answer for `slug`; one that comes after a newer load (or disposal) is ignored. */
  fetchProspect(slug: string, apiBase: string): Promise<ProspectResponse>
  /**
   * Fetches the browser call on intent (config + lazy chunks); resolves null when the voice demo is
   * not configured.
   */
  loadBrowserCall(host: CallHost): Promise<LoadedBrowserCall | null>
  /** Fetches the phone dialog's lazy chunk. */
  loadPhoneDialog(): Promise<ComponentType<PhoneDialogProps>>
  /** Tells the host page about the call (the element turns these into `voice-demo:*` events). */
  emit?: (event: CallEvent, message?: string) => void
  /** Whose region shows this store's toasts: the element. */
  owner?: object
}

/** What the host page hears about a call; `error` carries the message the visitor was shown. */
export type CallEvent = 'call-start' | 'call-end' | 'error' | 'speech-start' | 'speech-end'

/** The element's store plus the lazily loaded parts it may show (kept out of the state: not data). */
export type DemoStore = StoreApi<DemoState> & {
  /** Whose toast region shows this store's toasts. */
  owner: object
  /** The phone dialog, once its chunk has arrived (it then stays mounted). */
  getPhoneDialog(): ComponentType<PhoneDialogProps> | null
  /** The live call's view, once the call chunk has arrived. */
  getCallView(): ComponentType | null
}

/** One store per `<voice-demo>` element, so two widgets on a page never share a call or a prospect. */
export function createDemoStore({
  fetchProspect,
  loadBrowserCall,
  loadPhoneDialog,
  emit = () => {},
  owner = {},
}: DemoDeps): DemoStore {
  let browserCall: LoadedBrowserCall | null = null
  let phoneDialog: ComponentType<PhoneDialogProps> | null = null
  let loadingDialog: Promise<ComponentType<PhoneDialogProps>> | undefined
  let loadingCall: Promise<LoadedBrowserCall | null> | undefined
  let disposed = false
  let request: AbortController | null = null
  let lastLoad: [slug: string, apiBase: string] | null = null

  const store = createStore<DemoState>()((set, get) => ({
    prospect: { status: 'loading' },
    call: 'idle',
    muted: false,
    notice: '',
    phoneOpen: false,
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
        fetchProspect(slug, apiBase).then(
          (answer) => {
            if (!current.signal.aborted) set({ prospect: { status: 'loaded', ...answer } })
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
      if (isOff(get().prospect, 'browserCall')) return // nothing to fetch for a demo that cannot run
      // A failed prefetch is retried, and reported, on click.
      Promise.all([ensureBrowserCall(), loadToasts()]).catch(() => {})
    },
    toggleBrowserCall() {
      const { call, prospect } = get()
      if (prospect.status === 'error' || isOff(prospect, 'browserCall')) return
      if (call === 'connected') return browserCall?.stop()
      if (call !== 'idle') return // connecting / stopping: a second click is ignored (the button is disabled too)
      set({ call: 'connecting', notice: '' })
      loadToasts().catch(() => {})
      // A click while the prospect loads waits for it; the call chunk downloads meanwhile.
      Promise.all([ensureBrowserCall(), loadedProspect()]).then(
        ([loaded, answer]) => {
          if (disposed) return
          // Not loaded: the panel says why. Loaded without browser calls: the panel says so too.
          if (!answer?.features.browserCall) return set({ call: 'idle' })
          if (!loaded) return set({ call: 'idle', notice: VOICE_NOT_CONFIGURED })
          loaded.start(answer.prospect)
        },
        () => {
          // The call chunk did not load (offline for a moment): the generic start failure.
          set({ call: 'idle' })
          say(START_ERROR_TEXT.failedTitle, START_ERROR_TEXT.startFailed)
          emit('error', START_ERROR_TEXT.startFailed)
        },
      )
    },
    toggleMute() {
      browserCall?.toggleMute()
    },
    showToast: (title, description, variant) => void showToast(owner, title, description, variant),
    dismissToast: () => dismissToastOf(owner),
    preparePhoneDialog() {
      if (isOff(get().prospect, 'phoneCall')) return
      Promise.all([ensurePhoneDialog(), loadToasts()]).catch(() => {})
    },
    openPhoneDialog() {
      if (isOff(get().prospect, 'phoneCall')) return
      loadToasts().catch(() => {})
      ensurePhoneDialog().then(
        () => !disposed && set({ phoneOpen: true }),
        () => say(START_ERROR_TEXT.callFailedTitle, NETWORK_ERROR_MESSAGE),
      )
    },
    closePhoneDialog() {
      set({ phoneOpen: false })
    },
    dispose() {
      disposed = true
      request?.abort()
      get().dismissToast()
      browserCall?.dispose()
    },
  }))

  /** A failure as a toast, or on the status line when not even the toast chunk could be fetched. */
  function say(title: string, message: string): void {
    showToast(owner, title, message, 'destructive').then(
      (shown) => shown || store.setState({ notice: message }),
    )
  }

  /** The prospect's answer once it has loaded, or null when loading it failed. */
  function loadedProspect(): Promise<ProspectResponse | null> {
    return new Promise((resolve) => {
      const settle = ({ prospect }: DemoState): boolean => {
        if (prospect.status === 'loading') return false
        resolve(prospect.status === 'loaded' ? prospect : null)
        return true
      }
      if (settle(store.getState())) return
      const unsubscribe = store.subscribe((state) => settle(state) && unsubscribe())
    })
  }

  /** The dialog's chunk, fetched once; a failed fetch may be retried. */
  function ensurePhoneDialog() {
    loadingDialog ??= loadPhoneDialog().then(
      (loaded) => (phoneDialog = loaded),
      (error: unknown) => {
        loadingDialog = undefined
        throw error
      },
    )
    return loadingDialog
  }

  /** One browser call per widget, fetched once; a failed fetch (offline for a moment) may be retried. */
  function ensureBrowserCall(): Promise<LoadedBrowserCall | null> {
    loadingCall ??= loadBrowserCall({ store: demoStore, emit }).then(
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

  const demoStore: DemoStore = Object.assign(store, {
    owner,
    getPhoneDialog: () => phoneDialog,
    getCallView: () => browserCall?.View ?? null,
  })
  return demoStore
}

/** True once the prospect has loaded and the server said this demo does not work for it. */
export const isOff = (prospect: ProspectLoad, feature: 'browserCall' | 'phoneCall'): boolean =>
  prospect.status === 'loaded' && !prospect.features[feature]
