/**
 * The widget's public vocabulary, declared here and nowhere else: its elements and their attributes,
 * the host page's commands and the events. The elements and the host API read the names below;
 * `npm run typings` writes the published typings from this module (widget/build/typings.ts), and
 * tests keep those typings and the embedding docs in step with it.
 *
 * The names are small lists because the first paint carries them: the core's elements observe their
 * attributes, and the lazy host API, which checks commands and events, shares this module with the
 * core. The words for people (the `…_DOCS` records) are read only by the typings writer and the
 * tests, so no bundle carries them. Each record is typed by the names, so the compiler refuses a name
 * without its words, or words for a name that does not exist.
 */

/** The global function the snippet's stub creates, and whose queue (`.q`) the core replays. */
export const API_GLOBAL = 'VoiceDemo'

/** The widget's elements, each with the attributes it reads (all observed: a change re-renders). */
export const ELEMENT_ATTRIBUTES = {
  'voice-demo': ['slug', 'api-base', 'theme', 'back-navigation'],
  'voice-video-call': ['slug', 'api-base', 'theme'],
} as const

/**
 * Attributes of `<voice-demo>` that are also properties, by property name: React 19 sets properties
 * on custom elements, and `el.apiBase = null` removes the attribute.
 */
export const VOICE_DEMO_PROPERTIES = { slug: 'slug', apiBase: 'api-base' } as const

/** Commands for one `<voice-demo>`; the element has a method of the same name for each. */
export const PANEL_COMMANDS = ['startCall', 'stopCall', 'openPhoneDialog'] as const

/** Every `VoiceDemo(command, …)` the host page may call. */
export const HOST_COMMANDS = ['on', 'off', ...PANEL_COMMANDS, 'destroy'] as const

/** The events the host page can listen to (their `detail` is in `EVENT_DOCS`). */
export const HOST_EVENTS = ['call-start', 'call-end', 'error', 'speech-start', 'speech-end'] as const

/** An event's DOM name is this prefix and its name: `voice-demo:call-start`. */
export const EVENT_PREFIX = 'voice-demo:'

export type WidgetTag = keyof typeof ELEMENT_ATTRIBUTES
export type WidgetAttribute<T extends WidgetTag> = (typeof ELEMENT_ATTRIBUTES)[T][number]
export type VoiceDemoProperty = keyof typeof VOICE_DEMO_PROPERTIES
export type PanelCommand = (typeof PANEL_COMMANDS)[number]
export type HostCommand = (typeof HOST_COMMANDS)[number]
export type HostEvent = (typeof HOST_EVENTS)[number]
/** What `<voice-demo>` offers the host API: one method per panel command. */
export type PanelControls = Record<PanelCommand, () => void>

/** How an attribute is typed: any text, the theme's three words, or present/absent. */
export type AttributeValue = 'text' | 'theme' | 'flag'

export interface AttributeDoc {
  value: AttributeValue
  doc: string
}

const THEME: AttributeDoc = {
  value: 'theme',
  doc: "`light`, `dark` or `auto` (the default): the page's `color-scheme` on the element when it names one, else the visitor's system setting, live",
}

export const ELEMENT_DOCS: Record<WidgetTag, string> = {
  'voice-demo': "the demo panel, with the prospect's voice agent and the two ways to try it",
  'voice-video-call':
    'the floating video-call button (fixed at the bottom left), shown once the server runs video calls; removing it ends its call',
}

export const ATTRIBUTE_DOCS: { [T in WidgetTag]: Record<WidgetAttribute<T>, AttributeDoc> } = {
  'voice-demo': {
    slug: {
      value: 'text',
      doc: 'the prospect whose agent the panel demonstrates; `visitor` when absent',
    },
    'api-base': {
      value: 'text',
      doc: 'where `/api/*` lives; by default the origin `widget.mjs` was loaded from',
    },
    theme: THEME,
    'back-navigation': {
      value: 'flag',
      doc: "present: the phone dialog's back arrow also shows `/{slug}` (history push and `popstate`), for a site whose router owns that path; absent, it only closes the dialog",
    },
  },
  'voice-video-call': {
    slug: {
      value: 'text',
      doc: 'the prospect whose page it is (the persona greets them); `visitor` when absent; read when a call starts',
    },
    'api-base': { value: 'text', doc: 'as for `<voice-demo>`; read when a call starts' },
    theme: THEME,
  },
}

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
