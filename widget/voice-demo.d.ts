/**
 * Types for the host-page API of widget.mjs (README, "Embedding the widget"): copy this file into a
 * TypeScript project that calls `window.VoiceDemo(...)` or listens to the widget's events. It stands
 * alone on purpose; `widget/src/api/public-api.test.ts` checks it against the widget's own list.
 */

/** What each event's `detail` holds (DOM event `voice-demo:<name>`, or the argument of an `on` handler). */
export interface VoiceDemoEvents {
  /** The browser call is live. */
  'call-start': { slug: string }
  /** A live call ended. */
  'call-end': { slug: string }
  /** A call could not start or failed; `message` is what the visitor saw. */
  error: { slug: string; message: string }
  /** The agent starts speaking. */
  'speech-start': { slug: string }
  /** The agent stopped speaking (1000 ms of silence). */
  'speech-end': { slug: string }
}

export type VoiceDemoEvent = keyof VoiceDemoEvents

/** Commands that act on one panel: the one showing `slug`, else the first on the page. */
export type VoiceDemoPanelCommand = 'startCall' | 'stopCall' | 'openPhoneDialog'

export type VoiceDemoCommand = 'on' | 'off' | 'destroy' | VoiceDemoPanelCommand

export interface VoiceDemoApi {
  <E extends VoiceDemoEvent>(
    command: 'on' | 'off',
    event: E,
    handler: (detail: VoiceDemoEvents[E]) => void,
  ): void
  (command: VoiceDemoPanelCommand, options?: { slug?: string }): void
  (command: 'destroy'): void
  /** Calls made before widget.mjs arrived (the snippet's stub), replayed in order once it has. */
  q?: unknown[][]
}

declare global {
  interface Window {
    VoiceDemo?: VoiceDemoApi
  }
  interface HTMLElementEventMap {
    'voice-demo:call-start': CustomEvent<VoiceDemoEvents['call-start']>
    'voice-demo:call-end': CustomEvent<VoiceDemoEvents['call-end']>
    'voice-demo:error': CustomEvent<VoiceDemoEvents['error']>
    'voice-demo:speech-start': CustomEvent<VoiceDemoEvents['speech-start']>
    'voice-demo:speech-end': CustomEvent<VoiceDemoEvents['speech-end']>
  }
}
