/**
 * The boot, widget.mjs (the snippet's `<script type="module" async>`, or imported by the older
 * snippet's widget.js), and the only module that touches `window` and the custom element registry.
 * Importing it defines `<voice-demo>` and `<voice-video-call>` once each, however often the snippet was
 * pasted, draws the panel with its buttons from markup and the core stylesheet, asks for the prospect,
 * makes `window.VoiceDemo(...)` live (api/install-host-api.ts) and imports the rest of the widget
 * (app.ts), which takes the elements over when it arrives. The boot stays a few kilobytes: every byte
 * here is one the visitor waits for before the buttons show.
 */
import { installHostApi } from './api/install-host-api.ts'
import { VoiceDemoElement } from './element/voice-demo-element.ts'
import { LOG_PREFIX } from './lib/log-prefix.ts'
import { adoptWidgetSheet } from './styles/adopt-sheet.ts'
import { matchFont, PANEL_FONTS } from './styles/match-fonts.ts'
import { VoiceVideoCallElement } from './video/video-call-element.tsx'

// A class may be defined under one tag only: each tag gets a subclass of its own.

/** Defines `<voice-demo>` (or `tag`); a no-op when the tag is already defined. */
export function defineVoiceDemo(tag = 'voice-demo'): void {
  if (customElements.get(tag)) return // the snippet was pasted twice, or two builds met on one page
  customElements.define(tag, class extends VoiceDemoElement {})
}

/** Defines `<voice-video-call>` (or `tag`), the floating video-call button; a no-op when defined. */
export function defineVoiceVideoCall(tag = 'voice-video-call'): void {
  if (customElements.get(tag)) return
  customElements.define(tag, class extends VoiceVideoCallElement {})
}

const warn = (what: string, error: unknown) => console.warn(`${LOG_PREFIX} could not ${what}.`, error)

/**
 * The boot, step by step: each apart, so that one failing (say, a page that took a tag name) leaves the
 * others working, and each in its own task, so that no boot task grows long on a slow phone. The demo
 * panel goes first (after its stylesheet): its buttons are what a visitor waits for.
 */
type Step = readonly [what: string, step: () => void]
const font = (font: string): Step => ['find a font', () => matchFont(font)]
const [eyebrow, lead, button, title] = PANEL_FONTS
const BOOT: readonly Step[] = [
  // Parsing the stylesheet costs up to ~9 ms on a slow phone: not in the task that draws the panel.
  ['parse the stylesheet', adoptWidgetSheet],
  // Nor the fonts' lookups (styles/match-fonts.ts), which were most of the panel's first layout.
  font(eyebrow),
  font(lead),
  font(button),
  ['define <voice-demo>', defineVoiceDemo],
  font(title),
  ['define <voice-video-call>', defineVoiceVideoCall],
  ['set up window.VoiceDemo', installHostApi],
]

function run([what, step]: Step): void {
  try {
    step()
  } catch (error) {
    warn(what, error)
  }
}

// Lazy chunks import the core as `../widget.mjs`. Loaded as `widget.mjs?v=2`, this would be a second
// instance beside theirs (two Preacts, two registries), so that copy hands over to the plain URL.
const plain = new URL(import.meta.url)
plain.search = plain.hash = ''
// The rest is asked for at once, so that it downloads while the boot draws. Even the boot's first
// step waits for a task of its own: on a slow phone, compiling and running this module and then
// drawing the panel in one task came close to the 50 ms long-task line.
if (plain.href === import.meta.url) {
  // All queued now, so that each runs in order, in a task of its own: a timeout set from a timeout's
  // task is nested, and from the fifth nesting on browsers hold each to 4 ms, time the buttons wait.
  for (const step of BOOT) setTimeout(run, 0, step)
  // The rest takes over what the boot drew as it arrives (or, arriving first, draws the elements
  // itself as they are defined): see app.ts.
  import('./app.ts').catch((error: unknown) => warn('load the rest of the widget', error))
} else
  import(/* @vite-ignore */ plain.href).catch((error) =>
    console.warn(`${LOG_PREFIX} the widget failed to load.`, error),
  )
