/**
 * The core entry (imported by widget.js) and the only module that touches `window` and the custom
 * element registry. Importing it defines `<voice-demo>` and `<voice-video-call>` once each, however
 * often the snippet was pasted, and makes `window.VoiceDemo(...)` live (api/install-host-api.ts).
 */
import { installHostApi } from './api/install-host-api.ts'
import { createVoiceDemoElement } from './element/voice-demo-element.tsx'
import { LOG_PREFIX } from './loader/start-loader.ts'
import { createWidgetSheet } from './styles/widget-styles.ts'
import { createVideoCallElement } from './video/video-call-element.tsx'

let sheet: CSSStyleSheet | undefined
/** One constructed stylesheet for every shadow root of every widget element on the page. */
const getSheet = (): CSSStyleSheet => (sheet ??= createWidgetSheet())

/** Defines `<voice-demo>` (or `tag`); a no-op when the tag is already defined. */
export function defineVoiceDemo(tag = 'voice-demo'): void {
  if (customElements.get(tag)) return // the snippet was pasted twice, or two builds met on one page
  customElements.define(tag, createVoiceDemoElement(getSheet()))
}

/** Defines `<voice-video-call>` (or `tag`), the floating video-call button; a no-op when defined. */
export function defineVoiceVideoCall(tag = 'voice-video-call'): void {
  if (customElements.get(tag)) return
  customElements.define(tag, createVideoCallElement(getSheet()))
}

// Apart, so that one failing (say, a page that took the tag name) leaves the other working.
for (const [tag, define] of [
  ['voice-demo', defineVoiceDemo],
  ['voice-video-call', defineVoiceVideoCall],
] as const) {
  try {
    define()
  } catch (error) {
    console.warn(`${LOG_PREFIX} could not define <${tag}>.`, error)
  }
}

try {
  installHostApi()
} catch (error) {
  console.warn(`${LOG_PREFIX} could not set up window.VoiceDemo.`, error)
}
