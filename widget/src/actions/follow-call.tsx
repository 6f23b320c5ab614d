import { render } from 'preact'
import type { DemoAction } from '#core/demo-actions.ts'
import type { CallHost } from '../state/demo-state.ts'
import { ActionsView } from './actions-view.tsx'
import { AFTER_CALL_MS, type WatchedCall, watchDemoActions } from './watch-demo-actions.ts'

/** A phone call's page stops following it after this long: longer than any demo call. */
const MAX_FOLLOW_MS = 30 * 60_000

type Store = CallHost['store'] & { owner?: object }

/**
 * Follows `call` into the store's `demoActions` and shows them under the panel as they come: a
 * browser call until a little after it ends (its last tool calls may still be on their way), a phone
 * call (which the store does not see end) for at most half an hour. What was shown stays for the visit.
 */
export function followCall(store: Store, call: WatchedCall & { companyName: string }): () => void {
  const show = (list: DemoAction[]) => {
    store.setState({ demoActions: list })
    drawActions(store.owner, list, call.companyName)
  }
  const stop = watchDemoActions(call, () => store.getState().demoActions ?? [], show)
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

const boxes = new WeakMap<ShadowRoot, HTMLElement>()

/**
 * Draws the list in a box of its own after the panel, in the element's shadow root: the panel's own
 * markup (the first paint) carries nothing for it. The box stays last in the root (the panel is drawn
 * again when the element comes back to the page) and takes the panel's theme, whose dark colours apply
 * to the root's top-level boxes by their `data-theme`. Without a shadow root (a test's store) nothing
 * is drawn.
 */
function drawActions(owner: object | undefined, list: readonly DemoAction[], companyName: string): void {
  const root = owner instanceof Element ? owner.shadowRoot : null
  if (!root) return
  let box = boxes.get(root)
  if (!box) {
    const made = document.createElement('div')
    made.className = 'demo-actions'
    box = made
    boxes.set(root, made)
    const place = () => {
      const panel = root.querySelector('section')
      made.hidden = panel === null
      const theme = panel?.getAttribute('data-theme') ?? 'light'
      if (made.dataset.theme !== theme) made.dataset.theme = theme
      if (root.lastChild !== made) root.append(made)
    }
    place()
    new MutationObserver((records) => {
      if (!records.every((record) => made.contains(record.target))) place()
    }).observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-theme'] })
  }
  render(<ActionsView list={list} companyName={companyName} />, box)
}
