import { expect, it } from 'vitest'
import { loadServerConfig } from './config.ts'
import { toPublicConfig } from './public-config.ts'

it('offers the browser call only when a Vapi public key is configured', () => {
  const off = toPublicConfig(loadServerConfig({}))
  expect(off.voice).toBeNull()
  expect(off.features.browserCall).toBe(false)

  const on = toPublicConfig(
    loadServerConfig({
      VAPI_PUBLIC_KEY: 'pk-test-1234',
      VAPI_ASSISTANT_ID: 'asst_default',
      VAPI_API_URL: 'http://127.0.0.1:9/',
    }),
  )
  expect(on.features.browserCall).toBe(true)
  expect(on.voice).toEqual({
    publicKey: 'pk-test-1234',
    defaultAssistantId: 'asst_default',
    apiUrl: 'http://127.0.0.1:9',
    model: { provider: 'openai', model: 'gpt-4o-mini' },
  })
})

it('never puts a private key into what the browser sees', () => {
  const env = {
    VAPI_PUBLIC_KEY: 'pk-test-1234',
    VAPI_PRIVATE_KEY: 'sk-private-secret',
    DATABASE_URL: 'postgres://app:db-password-secret@127.0.0.1:9/postgres',
    DATABASE_MIGRATE: 'off',
    CALL_HASH_SECRET: 'call-hash-secret-that-is-long-enough-1234',
  }
  const seen = JSON.stringify(toPublicConfig(loadServerConfig(env)))
  expect(seen).not.toContain('sk-private-secret')
  expect(seen).not.toContain('db-password-secret')
  expect(seen).not.toContain('call-hash-secret')
})

it('lists a malformed Vapi URL with the other bad variables', () => {
  expect(() => loadServerConfig({ VAPI_API_URL: 'ftp://x', PORT: 'abc' })).toThrow(
    /(?=[\s\S]*VAPI_API_URL: must be an http\(s\) URL)(?=[\s\S]*PORT:)/,
  )
})

it('offers phone calls only with both the private key and the phone number id, never showing either', () => {
  expect(toPublicConfig(loadServerConfig({ VAPI_PRIVATE_KEY: 'sk-private-secret' })).features.phoneCall).toBe(
    false,
  )
  expect(toPublicConfig(loadServerConfig({ VAPI_PHONE_NUMBER_ID: 'pn-123' })).features.phoneCall).toBe(false)
  const on = toPublicConfig(
    loadServerConfig({ VAPI_PRIVATE_KEY: 'sk-private-secret', VAPI_PHONE_NUMBER_ID: 'pn-secret-id' }),
  )
  expect(on.features.phoneCall).toBe(true)
  expect(JSON.stringify(on)).not.toMatch(/sk-private-secret|pn-secret-id/)
})

it('offers video calls with either back end, never showing the Tavus key or the webhook URL', () => {
  expect(toPublicConfig(loadServerConfig({})).features.videoCall).toBe(false)
  const tavus = toPublicConfig(
    loadServerConfig({ TAVUS_API_KEY: 'tavus-secret-key', TAVUS_PERSONA_ID: 'p1' }),
  )
  expect(tavus.features.videoCall).toBe(true)
  const webhook = toPublicConfig(
    loadServerConfig({ VIDEO_WEBHOOK_URL: 'https://hooks.example/secret-path', VIDEO_REPLICA_ID: 'r1' }),
  )
  expect(webhook.features.videoCall).toBe(true)
  expect(JSON.stringify([tavus, webhook])).not.toMatch(/tavus-secret-key|secret-path/)
})
