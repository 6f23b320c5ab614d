import { describe, expect, it } from 'vitest'
import { ConfigError, loadServerConfig } from './config.ts'

const KEY = 'k'.repeat(40)

describe('loadServerConfig', () => {
  it('defaults to the embedded database on 127.0.0.1:8787 for CallPilot', () => {
    expect(loadServerConfig({})).toEqual({
      port: 8787,
      host: '127.0.0.1',
      productName: 'CallPilot',
      database: { kind: 'embedded', dataDir: null },
      voice: null,
    })
  })

  it('treats empty values as unset and accepts PORT=0', () => {
    const config = loadServerConfig({ PORT: '0', HOST: '', SUPABASE_URL: '', SUPABASE_SERVICE_ROLE_KEY: '' })
    expect(config.port).toBe(0)
    expect(config.host).toBe('127.0.0.1')
    expect(config.database.kind).toBe('embedded')
  })

  it('uses hosted Supabase when both its variables are set', () => {
    const config = loadServerConfig({
      SUPABASE_URL: 'https://abc.supabase.co',
      SUPABASE_SERVICE_ROLE_KEY: KEY,
    })
    expect(config.database).toEqual({ kind: 'hosted', url: 'https://abc.supabase.co', serviceRoleKey: KEY })
  })

  it('lists every bad variable in one message', () => {
    const env = { PORT: '99999', PRODUCT_NAME: '   ', SUPABASE_URL: 'https://abc.supabase.co', HOST: 'x' }
    expect(() => loadServerConfig(env)).toThrow(ConfigError)
    const message = getErrorMessage(() => loadServerConfig(env))
    expect(message).toMatch(/PORT: must be a whole number from 0 to 65535/)
    expect(message).toMatch(/PRODUCT_NAME: must not be blank/)
    expect(message).toMatch(/SUPABASE_SERVICE_ROLE_KEY: is missing/)
    expect(message).not.toMatch(/HOST/)
  })

  it('refuses a key without a URL, and never echoes the key', () => {
    expect(() => loadServerConfig({ SUPABASE_SERVICE_ROLE_KEY: KEY })).toThrow(/SUPABASE_URL: is missing/)
    expect(() => loadServerConfig({ SUPABASE_SERVICE_ROLE_KEY: KEY })).not.toThrow(new RegExp(KEY))
    expect(() => loadServerConfig({ SUPABASE_URL: 'ftp://abc', SUPABASE_SERVICE_ROLE_KEY: KEY })).toThrow(
      /SUPABASE_URL: must be an http\(s\) URL/,
    )
  })
})

function getErrorMessage(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('expected an error')
}
