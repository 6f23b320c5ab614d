import { DEMO_ACTIONS_PATH, type DemoAction } from '#core/demo-actions.ts'
import { apiUrl } from '../lib/fetch-api.ts'

/** One call whose actions the page shows: the platform's call id, for this prospect and this tab's visit. */
export interface WatchedCall {
  apiBase: string
  slug: string
  visitId: string | null
  callId: string
}

/** The most actions the page keeps: a demo call makes a handful. */
const MAX_ACTIONS = 50

/**
 * Follows what the demo agent does during a call (core/demo-actions.ts), as the server streams it,
 * and hands the visit's whole list to `show` after each new action: in order, each action once
 * (a reconnect may send one again), added to those of the visit's earlier calls in `shown`. Returns
 * the function that stops following; the list shown stays.
 */
export function watchDemoActions(
  call: WatchedCall,
  shown: () => readonly DemoAction[],
  show: (actions: DemoAction[]) => void,
): () => void {
  if (typeof EventSource !== 'function') return () => {}
  const params = new URLSearchParams({ call: call.callId, slug: call.slug })
  if (call.visitId) params.set('visit', call.visitId)
  const url = apiUrl(DEMO_ACTIONS_PATH.slice(1), call.apiBase)
  url.search = String(params)
  let source: EventSource
  let retry: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  const open = () => {
    source = new EventSource(url)
    source.addEventListener('action', (event) => {
      const action = readAction((event as MessageEvent<string>).data)
      const actions = shown()
      if (!action || actions.some((known) => known.id === action.id)) return
      show([...actions, action].slice(-MAX_ACTIONS))
    })
    // EventSource reconnects by itself after a dropped stream, but not after an error answer (a
    // server restarting, a proxy's 502): then it is opened again, a little later, while followed.
    source.addEventListener('error', () => {
      if (stopped || source.readyState !== EventSource.CLOSED) return
      retry = setTimeout(open, REOPEN_MS)
    })
  }
  open()
  return () => {
    stopped = true
    clearTimeout(retry)
    source.close()
  }
}

const REOPEN_MS = 3000
const KINDS = new Set(['booked', 'moved', 'cancelled', 'message', 'handed_over'])

/** An action as the stream sent it, or null for what is not one (the view reads its fields as given). */
function readAction(data: string): DemoAction | null {
  try {
    const action = JSON.parse(data) as Partial<DemoAction> | null
    return action && typeof action.id === 'string' && KINDS.has(String(action.kind))
      ? (action as DemoAction)
      : null
  } catch {
    return null
  }
}

/** After a call ends, its last tool calls may still be on their way: the page listens this much longer. */
export const AFTER_CALL_MS = 15_000
