import type { ComponentType } from 'preact'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ProspectResponse } from '#core/prospect.ts'
import type { WidgetEvent } from '../engagement/report-engagement.ts'
import type { PhoneDialogProps } from '../phone/phone-dialog.tsx'
import { type CallChunk, type CallEvent, type CallSlice, callSlice } from './call-slice.ts'
import type { LazyPart } from './lazy-part.ts'
import { type NoticeSlice, noticeSlice } from './notice-slice.ts'
import { type PhoneSlice, phoneSlice } from './phone-slice.ts'
import { type ProspectSlice, prospectSlice } from './prospect-slice.ts'

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

/**
 * The panel's lazily loaded parts. They are code, not state: each is fetched once per page on the
 * visitor's intent and shared by every element (element/demo-parts.ts), never stored in the state.
 */
export interface DemoParts {
  phoneDialog: LazyPart<ComponentType<PhoneDialogProps>>
  call: LazyPart<CallChunk>
}

export interface DemoDeps {
  /** The answer for `slug`; one that comes after a newer load (or disposal) is ignored. */
  fetchProspect(slug: string, apiBase: string): Promise<ProspectResponse>
  /** The answer the page carried for `slug`, shown at once without a request. */
  pageAnswer?(slug: string, apiBase: string): ProspectResponse | undefined
  parts: DemoParts
  /** Tells the host page about the call (the element turns these into `voice-demo:*` events). */
  emit(event: CallEvent, message?: string): void
  /** Reports engagement for the sales team (engagement/report-engagement.ts); none without it. */
  report?(apiBase: string, event: WidgetEvent): void
  /** Whose region shows this store's toasts: the element. */
  owner: object
}

/** The store, with what the panel reads beside its state: whose toasts they are, the parts, the reporter. */
export type DemoStore = StoreApi<DemoState> & {
  owner: object
  parts: DemoParts
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

/** One store per `<voice-demo>` element, so two widgets on a page never share a call or a prospect. */
export function createDemoStore(deps: DemoDeps): DemoStore {
  const context: DemoContext = { ...deps, apiBase: '', cleanups: [] }
  // Each slice gets zustand's (set, get, store) and the shared context.
  const store = createStore<DemoState>()((...zustand) => ({
    ...prospectSlice(...zustand, context),
    ...callSlice(...zustand, context),
    ...phoneSlice(...zustand, context),
    ...noticeSlice(...zustand, context),
    dispose: () => {
      for (const cleanup of context.cleanups) cleanup()
    },
  }))
  return Object.assign(store, { owner: deps.owner, parts: deps.parts, report: deps.report })
}
