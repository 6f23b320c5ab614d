/**
 * The core entry (imported by widget.js) and the only module that touches `window` and the custom
 * element registry. Importing it defines `<voice-demo>` once, however often the snippet was pasted.
 */
import { createVoiceDemoElement } from './element/voice-demo-element.tsx'
import { LOG_PREFIX } from './loader/start-loader.ts'
import { createWidgetSheet } from './styles/widget-styles.ts'

let sheet: CSSStyleSheet | undefined

/** Defines `<voice-demo>` (or `tag`); a no-op when the tag is already defined. */
export function defineVoiceDemo(tag = 'voice-demo'): void {
  if (customElements.get(tag)) return // the snippet was pasted twice, or two builds met on one page
  sheet ??= createWidgetSheet()
  customElements.define(tag, createVoiceDemoElement(sheet))
}

try {
  defineVoiceDemo()
} catch (error) {
  console.warn(`${LOG_PREFIX} could not define <voice-demo>.`, error)
}
