import type { CallHost } from '../state/demo-state.ts'
import { ActionsView } from './actions-view.tsx'
import { AFTER_CALL_MS, type WatchedCall, watchDemoActions } from './watch-demo-actions.ts'

/** A phone call's page stops following it after this long: longer than any demo call. */
const MAX_FOLLOW_MS = 30 * 60_000

/**
 * Follows `call` into the store's `demoActions` (with the view that shows them): a browser call until a little after it ends (its
 * last tool calls may still be on their way), a phone call (which the store does not see end) for
 * at most half an hour. What was shown stays for the visit.
 */
export function followCall(
  store: CallHost['store'],
  call: WatchedCall & { companyName: string },
): () => void {
  const stop = watchDemoActions(
    call,
    () => store.getState().demoActions?.list ?? [],
    (list) => store.setState({ demoActions: { list, companyName: call.companyName, View: ActionsView } }),
  )
  let timer = setTimeout(stop, MAX_FOLLOW_MS)
  const unsubscribe = store.subscribe((state, previous) => {
    if (previous.call === 'idle' || state.call !== 'idle') return
    clearTimeout(timer)
    timer = setTimeout(stop, AFTER_CALL_MS)
  })
  return () => {
    clearTimeout(timer)
    unsubscribe()
    stop()
  }
}
