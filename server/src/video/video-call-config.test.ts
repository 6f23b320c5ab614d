import { describe, expect, it } from 'vitest'
import { loadServerConfig } from '../config.ts'

const errorOf = (env: Record<string, string>): string => {
  try {
    loadServerConfig(env)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('expected an error')
}

describe('video-call configuration', () => {
  it('uses Tavus when its key is set, even with a webhook configured too', () => {
    const config = loadServerConfig({
      TAVUS_API_KEY: 'tavus-key-1234',
      TAVUS_PERSONA_ID: 'p-1',
      TAVUS_API_URL: 'http://127.0.0.1:9/',
      VIDEO_WEBHOOK_URL: 'https://hooks.example/video',
      VIDEO_REPLICA_ID: 'r-1',
      VIDEO_CALL_TIMEOUT_MS: '2500',
      VIDEO_MAX_DURATION_SECONDS: '20',
      VIDEO_LIMIT_PER_IP_HOURLY: '0',
      VIDEO_LIMIT_PER_PROSPECT_DAILY: '4',
      VIDEO_LIMIT_GLOBAL_DAILY: '7',
    })
    expect(config.videoCall).toEqual({
      backend: {
        kind: 'tavus',
        apiUrl: 'http://127.0.0.1:9',
        apiKey: 'tavus-key-1234',
        replicaId: 'r-1',
        personaId: 'p-1',
      },
      allowedHosts: ['tavus.daily.co', '*.daily.co'],
      timeoutMs: 2500,
      maxDurationSeconds: 20,
    })
    expect(config.videoLimits).toEqual({ perIpHourly: 0, perProspectDaily: 4, globalDaily: 7 })
  })

  it('uses the webhook with its replica, and a 300-second limit by default', () => {
    const config = loadServerConfig({
      VIDEO_WEBHOOK_URL: 'https://hooks.example/video',
      VIDEO_REPLICA_ID: 'r-1',
    })
    expect(config.videoCall).toEqual({
      backend: { kind: 'webhook', url: 'https://hooks.example/video', replicaId: 'r-1' },
      allowedHosts: ['tavus.daily.co', '*.daily.co'],
      timeoutMs: 10000,
      maxDurationSeconds: 300,
    })
  })

  it('reads the allowed hosts in any case, separated by commas or spaces', () => {
    const config = loadServerConfig({
      TAVUS_API_KEY: 'tavus-key-1234',
      VIDEO_REPLICA_ID: 'r-1',
      VIDEO_ALLOWED_HOSTS: 'Tavus.Daily.co, *.daily.co 127.0.0.1,::1',
    })
    expect(config.videoCall?.allowedHosts).toEqual(['tavus.daily.co', '*.daily.co', '127.0.0.1', '[::1]'])
  })

  it('lists half configurations and malformed values together', () => {
    const message = errorOf({
      TAVUS_API_KEY: 'tavus-key-1234',
      VIDEO_ALLOWED_HOSTS: 'https://tavus.daily.co/',
      VIDEO_MAX_DURATION_SECONDS: '4000',
      VIDEO_CALL_TIMEOUT_MS: '10',
    })
    expect(message).toMatch(/TAVUS_PERSONA_ID: is missing; set TAVUS_PERSONA_ID, VIDEO_REPLICA_ID or both/)
    expect(message).toMatch(/VIDEO_ALLOWED_HOSTS: must be a comma-separated list of host names/)
    expect(message).toMatch(/VIDEO_MAX_DURATION_SECONDS: must be a whole number from 5 to 3600/)
    expect(message).toMatch(/VIDEO_CALL_TIMEOUT_MS: must be a whole number from 1000 to 60000/)
    expect(message).not.toContain('tavus-key-1234')
    expect(errorOf({ VIDEO_WEBHOOK_URL: 'https://hooks.example/video' })).toMatch(
      /VIDEO_REPLICA_ID: is required with VIDEO_WEBHOOK_URL/,
    )
  })

  it.each(['*', '*.', 'daily.co:443', 'tavus.daily.co/path', '-bad.example', ' , '])(
    'refuses the allowed-hosts entry %j',
    (hosts) => {
      expect(errorOf({ VIDEO_ALLOWED_HOSTS: hosts })).toMatch(
        /VIDEO_ALLOWED_HOSTS: must be a comma-separated/,
      )
    },
  )
})
