import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { GENERATED_NOTE, renderTypings } from './typings.ts'

const root = join(import.meta.dirname, '../..')

it('has every published typing as the vocabulary writes it (else: npm run typings)', () => {
  const typings = renderTypings()
  expect(Object.keys(typings).sort()).toEqual([
    'site/src/voice-demo-element.d.ts',
    'site/src/voice-video-call-element.d.ts',
    'widget/voice-demo.d.ts',
  ])
  for (const [path, text] of Object.entries(typings)) {
    expect(text.startsWith(GENERATED_NOTE)).toBe(true)
    expect(readFileSync(join(root, path), 'utf8'), `${path} is out of date: run npm run typings`).toBe(text)
  }
})

it('types each attribute, command and event of the vocabulary', () => {
  const { 'widget/voice-demo.d.ts': host, 'site/src/voice-demo-element.d.ts': panel } = renderTypings()
  expect(host).toContain("export type VoiceDemoPanelCommand = 'startCall' | 'stopCall' | 'openPhoneDialog'")
  expect(host).toContain('  error: { slug: string; message: string }')
  expect(host).toContain("    'voice-demo:speech-end': CustomEvent<VoiceDemoEvents['speech-end']>")
  expect(host).toContain('  apiBase: string | null')
  expect(panel).toContain("  theme?: 'light' | 'dark' | 'auto' | 'system' | undefined")
  expect(panel).toContain("  'back-navigation'?: '' | undefined")
})
