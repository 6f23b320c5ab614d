import { takeOverElements } from '../element/take-over.ts'
import { defineVoiceDemo as defineBootDemo, defineVoiceVideoCall as defineBootVideoCall } from '../embed.ts'

/*
 * The elements as a page has them once the rest of the widget has arrived: their behaviours set, so a
 * test's element renders Preact's panel at once. (embed.ts defines the elements in a task of its own
 * after it loads, and imports the rest: the tests wait for neither.)
 */

export function defineVoiceDemo(tag?: string): void {
  takeOverElements()
  defineBootDemo(tag)
}

export function defineVoiceVideoCall(tag?: string): void {
  takeOverElements()
  defineBootVideoCall(tag)
}
