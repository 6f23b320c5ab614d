import { afterEach, expect, it, vi } from 'vitest'
import { fetchVoiceConfig } from './fetch-voice-config.ts'

afterEach(() => vi.unstubAllGlobals())

const voice = {
  publicKey: 'pk-test-1234',
  defaultAssistantId: 'asst_default',
  apiUrl: 'https://api.vapi.ai',
  model: { provider: 'openai', model: 'gpt-4o-mini' },
}

it('reads the voice settings from the API beside the widget', async () => {
  const fetch = vi.fn(async () => Response.json({ productName: 'CallPilot', voice, features: {} }))
  vi.stubGlobal('fetch', fetch)
  expect(await fetchVoiceConfig('https://api.example.com/')).toEqual(voice)
  expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe('https://api.example.com/api/config')
})

it('says in the console, once per attempt, that no public key is configured', async () => {
  vi.stubGlobal('fetch', async () => Response.json({ productName: 'CallPilot', voice: null, features: {} }))
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  expect(await fetchVoiceConfig('https://api.example.com/')).toBeNull()
  expect(warn).toHaveBeenCalledWith('[voice-demo] public key not configured: the browser voice demo is off.')
  warn.mockRestore()
})
