/**
 * Events `<voice-demo>` dispatches on itself for the host page (bubbling, composed), each named with
 * the product prefix: `element.addEventListener('voice-demo:call-start', …)`.
 */
export interface VoiceDemoEventDetails {
  /** The browser call is live. */
  'call-start': { slug: string }
  /** The browser call ended (by the visitor, the agent or an error). */
  'call-end': { slug: string }
  /** A call could not start or failed; `message` is what the visitor was shown. */
  error: { slug: string; message: string }
  /** The agent started speaking. */
  'speech-start': { slug: string }
  /** The agent stopped speaking (1000 ms of silence). */
  'speech-end': { slug: string }
}

export type VoiceDemoEventName = keyof VoiceDemoEventDetails

export const VOICE_DEMO_EVENT_PREFIX = 'voice-demo:'

/** Dispatches one host event from `element`; a host listener that throws cannot break the widget. */
export function dispatchHostEvent<E extends VoiceDemoEventName>(
  element: EventTarget,
  name: E,
  detail: VoiceDemoEventDetails[E],
): void {
  element.dispatchEvent(
    new CustomEvent(`${VOICE_DEMO_EVENT_PREFIX}${name}`, { detail, bubbles: true, composed: true }),
  )
}
