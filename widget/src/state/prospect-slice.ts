import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { DemoSlice, ProspectLoad, ProspectSlice } from './demo-state.ts'

/** The prospect the panel demonstrates, loaded for the element's `slug` from its `api-base`. */
export const prospectSlice: DemoSlice<ProspectSlice> = (set, get, _store, context) => {
  let request: AbortController | null = null
  let lastSlug: string | null = null
  context.cleanups.push(() => request?.abort())
  return {
    prospect: { status: 'loading' },
    load(slug, apiBase) {
      request?.abort()
      const current = new AbortController()
      request = current
      lastSlug = slug
      context.apiBase = apiBase
      // The page shows this prospect's demo: it counts as opened once it has been seen (the chunk's rule).
      context.report?.(apiBase, { name: 'page_opened', slug })
      const carried = context.pageAnswer?.(slug, apiBase)
      if (carried) return set({ prospect: { status: 'loaded', ...carried }, notice: '' })
      const { prospect, notice } = get()
      // The first load finds the store as created: no update, so no second render at boot.
      if (prospect.status !== 'loading' || notice) set({ prospect: { status: 'loading' }, notice: '' })
      // In a task of its own: a page's first fetch() costs the main thread milliseconds (4× that on
      // a slow phone), which the panel's first paint, buttons included, need not wait for.
      setTimeout(() => {
        if (current.signal.aborted) return // superseded or disposed before it was asked
        context.fetchProspect(slug, apiBase).then(
          (answer) => {
            if (!current.signal.aborted) set({ prospect: { status: 'loaded', ...answer } })
          },
          (error: unknown) => {
            if (current.signal.aborted) return
            const message = error instanceof RequestFailure ? error.message : UNAVAILABLE_MESSAGE
            set({ prospect: { status: 'error', message } })
          },
        )
      })
    },
    retry() {
      if (lastSlug !== null) get().load(lastSlug, context.apiBase)
    },
  }
}

/** True once the prospect has loaded and the server said this demo does not work for it. */
export const isOff = (prospect: ProspectLoad, feature: 'browserCall' | 'phoneCall'): boolean =>
  prospect.status === 'loaded' && !prospect.features[feature]
