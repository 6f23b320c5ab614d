import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import type {
  VoiceDemoElement as PublishedElement,
  VoiceDemoCommand,
  VoiceDemoEvents,
  VoiceDemoPanelCommand,
} from '../../voice-demo.d.ts'
import { VoiceDemoElement } from '../element/voice-demo-element.ts'
import { VoiceVideoCallElement } from '../video/video-call-element.tsx'
import {
  HOST_COMMANDS,
  HOST_EVENTS,
  type HostCommand,
  type HostEventDetails,
  PANEL_COMMANDS,
  type PanelCommand,
} from './host-vocabulary.ts'
import { ATTRIBUTE_DOCS, ELEMENT_ATTRIBUTES } from './public-api.ts'

// The published typings name exactly the vocabulary's commands and events, with the details the
// element dispatches, and the element has what they promise: `tsc` fails on any difference.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const commandsMatch: Same<VoiceDemoCommand, HostCommand> = true
const panelCommandsMatch: Same<VoiceDemoPanelCommand, PanelCommand> = true
const detailsMatch: Same<VoiceDemoEvents, HostEventDetails> = true
const elementMatches: Omit<PublishedElement, keyof HTMLElement> = {} as VoiceDemoElement

// Vitest runs from the repository root; the embedding guide documents the public vocabulary.
const docs = readFileSync('docs/embedding.md', 'utf8')

it('documents every public attribute, command and event', () => {
  expect([commandsMatch, panelCommandsMatch, detailsMatch, Boolean(elementMatches)]).toEqual([
    true,
    true,
    true,
    true,
  ])
  const attributes = Object.values(ELEMENT_ATTRIBUTES).flat()
  for (const attribute of attributes) expect(docs).toContain(`| \`${attribute}\``)
  for (const command of HOST_COMMANDS) expect(docs).toContain(`\`VoiceDemo('${command}'`)
  for (const event of HOST_EVENTS) expect(docs).toContain(`\`voice-demo:${event}\``)
})

it('has the elements observe their attributes, and <voice-demo> answer each panel command', () => {
  expect(VoiceDemoElement.observedAttributes).toEqual(Object.keys(ATTRIBUTE_DOCS['voice-demo']))
  expect(VoiceVideoCallElement.observedAttributes).toEqual(Object.keys(ATTRIBUTE_DOCS['voice-video-call']))
  for (const command of PANEL_COMMANDS) expect(typeof VoiceDemoElement.prototype[command]).toBe('function')
})
