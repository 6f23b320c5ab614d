import { createStore } from 'zustand/vanilla'
import { callSlice } from './call-slice.ts'
import type { DemoContext, DemoDeps, DemoParts, DemoState, DemoStore } from './demo-state.ts'
import { noticeSlice } from './notice-slice.ts'
import { phoneSlice } from './phone-slice.ts'
import { prospectSlice } from './prospect-slice.ts'

/** One store per `<voice-demo>` element, so two widgets on a page never share a call or a prospect. */
export function createDemoStore<Parts extends DemoParts>(deps: DemoDeps<Parts>): DemoStore<Parts> {
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
