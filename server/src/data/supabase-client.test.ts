import { describe, expect, it } from 'vitest'
import { createServerSupabase, withTimeout } from './supabase-client.ts'

describe('createServerSupabase', () => {
  it('creates a client on Node 20 without a WebSocket, and never opens realtime', () => {
    const client = createServerSupabase({ url: 'http://db.invalid', key: 'x'.repeat(40) })
    expect(client.from('prospects')).toBeDefined()
    expect(() => client.channel('anything').subscribe()).toThrow(/Realtime is not used by the server/)
  })

  it('gives up on a database that does not answer, without supabase-js retrying', async () => {
    let calls = 0
    const hang = () => {
      calls += 1
      return new Promise<Response>(() => {})
    }
    const client = createServerSupabase({
      url: 'http://db.invalid',
      key: 'x'.repeat(40),
      fetch: hang,
      timeoutMs: 50,
    })
    const started = performance.now()
    const { error } = await client.from('prospects').select('slug').eq('slug', 'visitor').single()
    expect(error?.message).toMatch(/AbortError/)
    expect(calls).toBe(1)
    expect(performance.now() - started).toBeLessThan(900) // the first retry would wait 1 s
  })
})

describe('withTimeout', () => {
  it('passes answers through and keeps the caller signal working', async () => {
    const echo = withTimeout(async () => new Response('ok'), 1000)
    expect(await (await echo('http://x')).text()).toBe('ok')
    const controller = new AbortController()
    const pending = withTimeout(
      (_input, init) =>
        new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
        }),
      1000,
    )('http://x', { signal: controller.signal })
    controller.abort(new Error('caller gave up'))
    await expect(pending).rejects.toThrow('caller gave up')
  })
})
