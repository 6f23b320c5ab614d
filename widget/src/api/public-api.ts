/**
 * The widget's public vocabulary, declared here and nowhere else: its elements, their attributes, the
 * global the snippet creates and the events' prefix (the host page's commands and the events are in
 * host-vocabulary.ts). The elements and the host API read the names below; `npm run typings` writes
 * the published typings from these two modules (widget/build/typings.ts), and tests keep those
 * typings and the embedding docs in step with them.
 *
 * The names are small lists because the first paint carries them: the core's elements observe their
 * attributes. The words for people (the `…_DOCS` records) are read only by the typings writer and the
 * tests, so no bundle carries them. Each record is typed by the names, so the compiler refuses a name
 * without its words, or words for a name that does not exist.
 */

/** The global function the snippet's stub creates, and whose queue (`.q`) the core replays. */
export const API_GLOBAL = 'VoiceDemo'

/** The widget's elements, each with the attributes it reads (all observed: a change re-renders). */
export const ELEMENT_ATTRIBUTES = {
  'voice-demo': ['slug', 'api-base', 'theme', 'back-navigation', 'preview'],
  'voice-video-call': ['slug', 'api-base', 'theme', 'preview'],
} as const

/**
 * Where a page may carry the prospect's answer (`GET /api/prospects/{slug}` as JSON) on `<voice-demo>`:
 * read once when the element connects, not observed. Our own server-rendered prospect pages set it.
 */
export const PAGE_ANSWER_ATTRIBUTE = 'data-prospect'

/**
 * Attributes of `<voice-demo>` that are also properties, by property name: React 19 sets properties
 * on custom elements, and `el.apiBase = null` removes the attribute.
 */
export const VOICE_DEMO_PROPERTIES = { slug: 'slug', apiBase: 'api-base' } as const

/** An event's DOM name is this prefix and its name: `voice-demo:call-start`. */
export const EVENT_PREFIX = 'voice-demo:'

export type WidgetTag = keyof typeof ELEMENT_ATTRIBUTES
export type WidgetAttribute<T extends WidgetTag> = (typeof ELEMENT_ATTRIBUTES)[T][number]
export type VoiceDemoProperty = keyof typeof VOICE_DEMO_PROPERTIES

/** The words `theme` takes; any other value counts as `auto`. Read by the typings writer, not the bundle. */
export const THEME_VALUES = ['light', 'dark', 'auto', 'system'] as const

/** How an attribute is typed: any text, one of {@link THEME_VALUES}, or present/absent. */
export type AttributeValue = 'text' | 'theme' | 'flag'

export interface AttributeDoc {
  value: AttributeValue
  doc: string
}

const THEME: AttributeDoc = {
  value: 'theme',
  doc: "`light` or `dark`; `auto` (the default) follows the host page's declared `color-scheme` (the page's CSS, else its `<meta name=\"color-scheme\">`), light when it declares none; `system` follows the visitor's system setting, live, as `auto` does on a page that declares `light dark`",
}

const PREVIEW: AttributeDoc = {
  value: 'flag',
  doc: 'present: an editor\'s preview (read when the element is added to the page): it shows as published, reports no visit or event, and a click on a call button says "This is a preview. Calls start on the published page." instead of starting a call',
}

export const ELEMENT_DOCS: Record<WidgetTag, string> = {
  'voice-demo': "the demo panel, with the prospect's voice agent and the two ways to try it",
  'voice-video-call':
    "the floating video-call button (fixed at the bottom left, or in the page's flow where the page gives its `dock` part `position: static`), shown once the server runs video calls; removing it ends its call",
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
    preview: PREVIEW,
  },
  'voice-video-call': {
    slug: {
      value: 'text',
      doc: 'the prospect whose page it is (the persona greets them); `visitor` when absent; read when a call starts',
    },
    'api-base': { value: 'text', doc: 'as for `<voice-demo>`; read when a call starts' },
    theme: THEME,
    preview: PREVIEW,
  },
}
