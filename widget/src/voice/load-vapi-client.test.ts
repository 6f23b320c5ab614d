import { describe, expect, it } from 'vitest'
import { createVapiClientLoader } from './load-vapi-client.ts'

const CONFIG = {
  publicKey: 'pk-public-123',
  defaultAssistantId: null,
  apiUrl: 'http://127.0.0.1:9',
  model: { provider: 'openai', model: 'gpt-4o-mini' },
}

describe('createVapiClientLoader', () => {
  it('loads the adapter once however often intent is shown, and hands out one client', async () => {
    const load = createVapiClientLoader(CONFIG)
    const [first, second] = await Promise.all([load(), load()])
    expect(first).toBe(second)
    expect(await load()).toBe(first)
    expect(typeof first.start).toBe('function')
  })
})
