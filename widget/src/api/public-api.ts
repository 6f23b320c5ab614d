/**
 * The widget's public surface in one list: every attribute, host-page command and event, with what
 * it does. The README documents exactly these (a test keeps the two in step), `voice-demo.d.ts` types
 * them, and the host API checks commands against this list. Only types from here reach the first paint.
 */

const THEME =
  "`light`, `dark` or `auto` (the default): the page's `color-scheme` on the element when it names one, else the visitor's system setting, live"

export const PUBLIC_ATTRIBUTES = {
  'voice-demo': {
    slug: 'the prospect whose agent the panel demonstrates; `visitor` when absent',
    'api-base':
      'where `/api/*` lives; by default the origin `widget.mjs` was loaded from (property `apiBase`)',
    theme: THEME,
    'back-navigation':
      "present: the phone dialog's back arrow also shows `/{slug}` (history push and `popstate`), for a site whose router owns that path; absent, it only closes the dialog",
  },
  'voice-video-call': {
    theme: THEME,
  },
} as const

/** `VoiceDemo(command, …)` from the host page; `slug` picks a panel, else the first one. */
export const PUBLIC_COMMANDS = {
  on: "`VoiceDemo('on', event, handler)`: calls `handler(detail)` for each of the widget's events",
  off: "`VoiceDemo('off', event, handler)`: stops calling a handler added with `on`",
  startCall: "`VoiceDemo('startCall', { slug })`: starts the browser voice call, as 'Test in Browser' does",
  stopCall: "`VoiceDemo('stopCall', { slug })`: ends the browser voice call",
  openPhoneDialog: "`VoiceDemo('openPhoneDialog', { slug })`: opens the 'Call Me' dialog",
  destroy: "`VoiceDemo('destroy')`: removes every widget element (ending its calls) and every `on` handler",
} as const

/** Dispatched on `<voice-demo>` as `voice-demo:<name>` (bubbling, composed), and passed to `on` handlers. */
export const PUBLIC_EVENTS = {
  'call-start': '`{ slug }`: the browser call is live',
  'call-end': '`{ slug }`: a live call ended',
  error: '`{ slug, message }`: a call could not start or failed; `message` is what the visitor saw',
  'speech-start': '`{ slug }`: the agent starts speaking (summed level above 0.01)',
  'speech-end': '`{ slug }`: the agent stopped speaking (1000 ms below 0.01)',
} as const

export type PublicCommand = keyof typeof PUBLIC_COMMANDS
export type PublicEvent = keyof typeof PUBLIC_EVENTS

/** The name of the global function and its queue, as the snippet's stub creates them. */
export const API_GLOBAL = 'VoiceDemo'
