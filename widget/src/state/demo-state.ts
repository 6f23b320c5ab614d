import type { StoreApi } from 'zustand/vanilla'
import type { DemoAction } from '#core/demo-actions.ts'
import type { Prospect, ProspectResponse } from '#core/prospect.ts'
import type { HostEvent } from '../api/host-vocabulary.ts'
import type { WidgetEvent } from '../engagement/report-engagement.ts'
import type { LazyPart } from '../lib/lazy-part.ts'
import type { ToastVariant } from '../toast/toasts.ts'
import type { LiveCallStore } from '../voice/live-call.ts'

// The store's shape, apart from the slices that make it: every slice reads the whole state and the
// state is every slice's, so the types live here, the slices import them, and demo-store.ts puts the
// slices together. Beside the state: the ports the store is given (its deps) and hands out (the call).

/**
 * One `<voice-demo>`'s state, in slices: the prospect, the browser call, the phone dialog and what the
 * panel says (its status line and its toasts). Each slice is its own module and cleans up after itself
 * when the element leaves the page (`dispose`).
 */
export type DemoState = ProspectSlice &
  CallSlice &
  PhoneSlice &
  NoticeSlice & {
    /** Cancels the running request and the call, and removes the element's toast. */
    dispose(): void
  }

export type ProspectLoad =
  | { status: 'loading' }
  | ({ status: 'loaded' } & ProspectResponse)
  | { status: 'error'; message: string }

export interface ProspectSlice {
  prospect: ProspectLoad
  /** Loads a prospect, cancelling the request still running for the previous one. */
  load(slug: string, apiBase: string): void
  retry(): void
}

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
  /**
   * What the agent did for the business in this visit's calls, oldest first: kept here by the lazy
   * chunk that follows a call and shows them (actions/), so the first paint holds none of it.
   */
  demoActions?: DemoAction[]
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
 * The call chunks as the store uses them: the call's entry (voice settings, Vapi SDK), which makes the
 * element's call and starts it. What the panel shows while the call is live (meter, who speaks, elapsed
 * time, captions) comes with it, for the panel alone (ui/demo-panel.tsx, `PanelParts`).
 */
export interface CallChunk {
  /** The element's call; null when the voice demo is not configured on the server. */
  connectVoice(apiBase: string, host: CallHost): Promise<BrowserCall | null>
  /** Starts `call` once the prospect has loaded, or says why it cannot (voice/start-when-loaded.ts). */
  startWhenLoaded(call: BrowserCall | null, host: CallHost): Promise<void>
}

export interface PhoneSlice {
  phoneOpen: boolean
  /** Starts fetching the phone dialog's chunk (pointer over or focus on 'Call Me'). */
  preparePhoneDialog(): void
  openPhoneDialog(): void
  closePhoneDialog(): void
}

export interface NoticeSlice {
  /** What the panel's live status region says; empty when there is nothing to say. */
  notice: string
  /** Shows the page's one toast in this element's region, replacing any other, for 5000 ms. */
  showToast(title: string, description: string, variant?: ToastVariant): void
  /** A failure as a toast, or on the status line when not even the toast chunk could be fetched. */
  sayFailure(title: string, message: string): void
}

/**
 * The panel's lazily loaded parts, as the store uses them: it fetches each on the visitor's intent, and
 * makes the element's call with the call chunk. They are code, not state: each is fetched once per page
 * and shared by every element (element/demo-parts.ts), never stored in the state. What they hold for
 * the panel to render is the panel's to say (ui/demo-panel.tsx, `PanelParts`).
 */
export interface DemoParts {
  phoneDialog: LazyPart<unknown>
  call: LazyPart<CallChunk>
}

export interface DemoDeps<Parts extends DemoParts = DemoParts> {
  /** The answer for `slug`; one that comes after a newer load (or disposal) is ignored. */
  fetchProspect(slug: string, apiBase: string): Promise<ProspectResponse>
  /** The answer the page carried for `slug`, shown at once without a request. */
  pageAnswer?(slug: string, apiBase: string): ProspectResponse | undefined
  parts: Parts
  /** Tells the host page about the call (the element turns these into `voice-demo:*` events). */
  emit(event: CallEvent, message?: string): void
  /** Reports engagement for the sales team (engagement/report-engagement.ts); none without it (a preview). */
  report?: ((apiBase: string, event: WidgetEvent) => void) | undefined
  /** Whose region shows this store's toasts: the element. */
  owner: object
}

/** The store, with what the panel reads beside its state: whose toasts they are, the parts, the reporter. */
export type DemoStore<Parts extends DemoParts = DemoParts> = StoreApi<DemoState> & {
  owner: object
  parts: Parts
  report?: DemoDeps['report'] | undefined
}

/** What the slices share beside the state: the deps, and what each undoes at disposal. */
export interface DemoContext extends DemoDeps {
  /** The `apiBase` of the latest load: the browser call uses the same. */
  apiBase: string
  cleanups: Array<() => void>
}

/** A slice's creator: zustand's (set, get, store), plus the context the slices share. */
export type DemoSlice<T> = (
  set: StoreApi<DemoState>['setState'],
  get: StoreApi<DemoState>['getState'],
  store: StoreApi<DemoState>,
  context: DemoContext,
) => T
