import type { HostEvent, HostEventDetails } from '../api/host-vocabulary.ts'
import { EVENT_PREFIX } from '../api/public-api.ts'

/**
 * Dispatches one host event from `element` (bubbling, composed), named with the product prefix
 * (`voice-demo:call-start`); a host listener that throws cannot break the widget.
 */
export function dispatchHostEvent<E extends HostEvent>(
  element: EventTarget,
  name: E,
  detail: HostEventDetails[E],
): void {
  element.dispatchEvent(new CustomEvent(`${EVENT_PREFIX}${name}`, { detail, bubbles: true, composed: true }))
}
