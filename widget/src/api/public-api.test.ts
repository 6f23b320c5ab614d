import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import type { VoiceDemoCommand, VoiceDemoEvent, VoiceDemoEvents } from '../../voice-demo.d.ts'
import type { VoiceDemoEventDetails } from '../element/host-events.ts'
import { VOICE_DEMO_ATTRIBUTES } from '../element/voice-demo-element.tsx'
import { createVideoCallElement } from '../video/video-call-element.tsx'
import { API_NAME } from './install-host-api.ts'
import {
  API_GLOBAL,
  PUBLIC_ATTRIBUTES,
  PUBLIC_COMMANDS,
  PUBLIC_EVENTS,
  type PublicCommand,
  type PublicEvent,
} from './public-api.ts'

// The published typings (voice-demo.d.ts) name exactly the commands and events of the list, with the
// same details the element dispatches: `tsc` fails on any difference.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const commandsMatch: Same<VoiceDemoCommand, PublicCommand> = true
const eventsMatch: Same<VoiceDemoEvent, PublicEvent> = true
const detailsMatch: Same<VoiceDemoEvents, VoiceDemoEventDetails> = true

// Vitest runs from the repository root.
const readme = readFileSync('README.md', 'utf8')

it('documents every public attribute, command and event in the README', () => {
  expect([commandsMatch, eventsMatch, detailsMatch]).toEqual([true, true, true])
  const attributes = Object.values(PUBLIC_ATTRIBUTES).flatMap((byTag) => Object.keys(byTag))
  for (const attribute of attributes) expect(readme).toContain(`| \`${attribute}\``)
  for (const command of Object.keys(PUBLIC_COMMANDS)) expect(readme).toContain(`\`VoiceDemo('${command}'`)
  for (const event of Object.keys(PUBLIC_EVENTS)) expect(readme).toContain(`\`voice-demo:${event}\``)
})

it('lists the attributes the elements observe, and the global the core installs', () => {
  expect(Object.keys(PUBLIC_ATTRIBUTES['voice-demo'])).toEqual([...VOICE_DEMO_ATTRIBUTES])
  const video = createVideoCallElement(new CSSStyleSheet()) as unknown as { observedAttributes: string[] }
  for (const attribute of video.observedAttributes) {
    expect(Object.keys(PUBLIC_ATTRIBUTES['voice-video-call'])).toContain(attribute)
  }
  expect(API_NAME).toBe(API_GLOBAL)
})
