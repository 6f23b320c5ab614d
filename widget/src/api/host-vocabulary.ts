/**
 * The host page's half of the widget's public vocabulary: the commands of `window.VoiceDemo(…)` and
 * the events, declared here and nowhere else (the elements and their attributes are in
 * public-api.ts). Only the lazily loaded host API reads these lists, so they are a module of their
 * own: none of it weighs on the first paint, where the core imports only this module's types.
 */

/** Commands for one `<voice-demo>`; the element has a method of the same name for each. */
export const PANEL_COMMANDS = ['startCall', 'stopCall', 'openPhoneDialog'] as const

/** Every `VoiceDemo(command, …)` the host page may call. */
export const HOST_COMMANDS = ['on', 'off', ...PANEL_COMMANDS, 'destroy'] as const

/** The events the host page can listen to (their `detail` is in `EVENT_DOCS`). */
export const HOST_EVENTS = ['call-start', 'call-end', 'error', 'speech-start', 'speech-end'] as const

export type PanelCommand = (typeof PANEL_COMMANDS)[number]
export type HostCommand = (typeof HOST_COMMANDS)[number]
export type HostEvent = (typeof HOST_EVENTS)[number]
/** What `<voice-demo>` offers the host API: one method per panel command. */
export type PanelControls = Record<PanelCommand, () => void>

export const COMMAND_DOCS: Record<HostCommand, string> = {
  on: "calls `handler(detail)` for each of the widget's events",
  off: 'stops calling a handler added with `on`',
  startCall: "starts the browser voice call, as 'Test in Browser' does",
  stopCall: 'ends the browser voice call',
  openPhoneDialog: "opens the 'Call Me' dialog",
  destroy: 'removes every widget element (ending its calls) and every `on` handler',
}

/** Each event's `detail` (its fields, all strings) and when it comes. */
export const EVENT_DOCS = {
  'call-start': { detail: ['slug'], doc: 'the browser call is live' },
  'call-end': { detail: ['slug'], doc: 'a live call ended (by the visitor, the agent or an error)' },
  error: {
    detail: ['slug', 'message'],
    doc: 'a call could not start or failed; `message` is what the visitor saw',
  },
  'speech-start': { detail: ['slug'], doc: 'the agent starts speaking (summed level above 0.01)' },
  'speech-end': { detail: ['slug'], doc: 'the agent stopped speaking (1000 ms below 0.01)' },
} as const satisfies Record<HostEvent, { detail: readonly string[]; doc: string }>

/** What each event's `detail` holds. */
export type HostEventDetails = {
  [E in HostEvent]: Record<(typeof EVENT_DOCS)[E]['detail'][number], string>
}
