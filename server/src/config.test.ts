import { describe, expect, it } from 'vitest'
import { ConfigError } from './common/config-error.ts'
import { listRetiredVariables, loadServerConfig } from './config.ts'

const DATABASE = 'postgres://app:secret@db.example.com:5432/postgres'
const KEY = 'k'.repeat(40)
const SECRET = 's'.repeat(32)

describe('loadServerConfig', () => {
  it('defaults to the embedded database on 127.0.0.1:8787 for CallPilot', () => {
    expect(loadServerConfig({})).toEqual({
      port: 8787,
      host: '127.0.0.1',
      productName: 'CallPilot',
      database: { kind: 'embedded', dataDir: null },
      agentTemplatesDir: null,
      voice: null,
      phoneCall: null,
      phoneLimits: { perIpHourly: 5, perNumberDaily: 3, perProspectDaily: 20, globalDaily: 100 },
      callHashSecret: null,
      dataDir: null,
      trustedProxyHeader: null,
      siteUrl: null,
      // The team's scheduling link defaults to the site build's (CALENDLY_URL).
      teamSchedulingUrl: 'https://calendly.com/callpilot/15min',
      callRecordRetentionDays: 30,
      videoCall: null,
      videoLimits: { perIpHourly: 10, perProspectDaily: 10, globalDaily: 50 },
      engagement: {
        retentionDays: 180,
        limitPerIpMinute: 60,
        limitPerProspectMinute: 600,
        visitsPerIpHour: 30,
        schedulerSigningKey: null,
      },
      vapiWebhookSecret: null,
      demoTimeZone: 'America/New_York',
      notify: { on: false, webhookUrl: null, dedupeMinutes: 360, drainSecret: null },
      mail: null,
      websiteReader: { allowedHosts: new Set(), ai: null, perRepHourly: 120, concurrency: 16 },
    })
  })

  it('reads SMTP_URL and MAIL_FROM together, naming what is wrong or missing', () => {
    expect(
      loadServerConfig({
        SMTP_URL: 'smtps://team:secret@smtp.example.com:465',
        MAIL_FROM: 'team@example.com',
        PRODUCT_NAME: 'Acme Voice',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtps://team:secret@smtp.example.com:465',
      fromAddress: 'team@example.com',
      productName: 'Acme Voice',
    })
    expect(() =>
      loadServerConfig({ SMTP_URL: 'smtp://smtp.example.com', MAIL_FROM: 'team@example.com' }),
    ).toThrow(/SMTP_URL: must carry the user and password/)
    expect(() =>
      loadServerConfig({ SMTP_URL: 'https://a:b@smtp.example.com', MAIL_FROM: 'x@example.com' }),
    ).toThrow(/SMTP_URL: must start with smtp:\/\/ or smtps:\/\//)
    expect(() => loadServerConfig({ SMTP_URL: 'smtp://a:b@smtp.example.com' })).toThrow(
      /MAIL_FROM: is needed with SMTP_URL/,
    )
    expect(() => loadServerConfig({ MAIL_FROM: 'not an address' })).toThrow(
      /MAIL_FROM: must be an email address/,
    )
  })

  it("reads the website reader's allowance and its AI step, all three variables or none", () => {
    const reader = loadServerConfig({
      WEBSITE_READER_ALLOWED_HOSTS: ' Intranet.example:443 , 127.0.0.1:4000',
      LLM_API_URL: 'http://127.0.0.1:9/v1/chat/completions',
      LLM_API_KEY: 'sk-test',
      LLM_MODEL: 'small-model',
    }).websiteReader
    expect([...reader.allowedHosts]).toEqual(['intranet.example:443', '127.0.0.1:4000'])
    expect(reader.ai).toEqual({
      url: 'http://127.0.0.1:9/v1/chat/completions',
      apiKey: 'sk-test',
      model: 'small-model',
    })
    expect(() => loadServerConfig({ LLM_API_URL: 'https://llm.example/v1/chat/completions' })).toThrow(
      'LLM_API_KEY, LLM_MODEL: needed with LLM_API_URL (the AI step takes all three, or none)',
    )
    expect(() => loadServerConfig({ WEBSITE_READER_ALLOWED_HOSTS: 'intranet.example' })).toThrow(
      /WEBSITE_READER_ALLOWED_HOSTS: .*intranet\.example/,
    )
  })

  it('reads SITE_URL without its trailing slash, and refuses one that is no http(s) URL', () => {
    expect(loadServerConfig({ SITE_URL: 'https://demo.example.com/' }).siteUrl).toBe(
      'https://demo.example.com',
    )
    expect(loadServerConfig({ SITE_URL: '' }).siteUrl).toBeNull()
    expect(() => loadServerConfig({ SITE_URL: 'demo.example.com' })).toThrow(
      /SITE_URL: must be an http\(s\) URL/,
    )
  })

  it('treats empty values as unset and accepts PORT=0', () => {
    const config = loadServerConfig({ PORT: '0', HOST: '', DATABASE_URL: '', SUPABASE_URL: '' })
    expect(config.port).toBe(0)
    expect(config.host).toBe('127.0.0.1')
    expect(config.database.kind).toBe('embedded')
  })

  it('uses PostgreSQL at DATABASE_URL, migrating it at start unless told not to', () => {
    const config = loadServerConfig({ DATABASE_URL: DATABASE, CALL_HASH_SECRET: SECRET })
    expect(config.database).toEqual({ kind: 'postgres', url: DATABASE, migrate: true })
    expect(config.callHashSecret).toBe(SECRET)
    const manual = loadServerConfig({
      DATABASE_URL: DATABASE,
      CALL_HASH_SECRET: SECRET,
      DATABASE_MIGRATE: 'off',
    })
    expect(manual.database).toEqual({ kind: 'postgres', url: DATABASE, migrate: false })
    // Supabase hands its edge functions the database's URL under a name of its own.
    expect(loadServerConfig({ SUPABASE_DB_URL: DATABASE, CALL_HASH_SECRET: SECRET }).database).toMatchObject({
      kind: 'postgres',
      url: DATABASE,
    })
  })

  it('requires the call hash secret on the edge, which has no data directory; the Node server keeps its own', () => {
    const hosted = { DATABASE_URL: DATABASE }
    expect(() => loadServerConfig(hosted, { hostedOnly: true })).toThrow(/CALL_HASH_SECRET: is required here/)
    expect(loadServerConfig({ ...hosted, DATA_DIR: '/srv/demo' })).toMatchObject({
      callHashSecret: null,
      dataDir: '/srv/demo',
    })
    expect(() => loadServerConfig({ ...hosted, CALL_HASH_SECRET: 'short' })).toThrow(
      /CALL_HASH_SECRET: must be at least 32 characters/,
    )
  })

  it('requires SITE_URL on the edge when nudges are on: they link to the prospect, and the edge has no address', () => {
    const edge = { DATABASE_URL: DATABASE, CALL_HASH_SECRET: SECRET }
    const nudges = { ...edge, NOTIFY_WEBHOOK_URL: 'https://hooks.slack.com/services/T/B/x' }
    expect(() => loadServerConfig(nudges, { hostedOnly: true })).toThrow(
      /SITE_URL: is required here with NOTIFY_WEBHOOK_URL/,
    )
    expect(
      loadServerConfig({ ...nudges, SITE_URL: 'https://demo.example' }, { hostedOnly: true }).siteUrl,
    ).toBe('https://demo.example')
    expect(loadServerConfig(edge, { hostedOnly: true }).siteUrl).toBeNull()
    // The Node server links to where it listens instead.
    expect(loadServerConfig(nudges).notify.webhookUrl).toBe(nudges.NOTIFY_WEBHOOK_URL)
  })

  it('reads the phone-call settings, limits, timeout and proxy header', () => {
    const config = loadServerConfig({
      VAPI_PRIVATE_KEY: 'sk-private-1234',
      VAPI_PHONE_NUMBER_ID: 'pn-1',
      VAPI_ASSISTANT_ID: 'asst-default',
      VAPI_API_URL: 'http://127.0.0.1:9/',
      PHONE_CALL_TIMEOUT_MS: '2500',
      PHONE_LIMIT_PER_IP_HOURLY: '0',
      PHONE_LIMIT_GLOBAL_DAILY: '500',
      TRUSTED_PROXY_HEADER: 'CF-Connecting-IP',
    })
    expect(config.phoneCall).toEqual({
      privateKey: 'sk-private-1234',
      phoneNumberId: 'pn-1',
      apiUrl: 'http://127.0.0.1:9',
      defaultAssistantId: 'asst-default',
      // The same model as browser calls: the agent is one.
      model: { provider: 'openai', model: 'gpt-4o-mini' },
      timeoutMs: 2500,
    })
    expect(config.phoneLimits).toEqual({
      perIpHourly: 0,
      perNumberDaily: 3,
      perProspectDaily: 20,
      globalDaily: 500,
    })
    expect(config.trustedProxyHeader).toBe('cf-connecting-ip')
    expect(loadServerConfig({ VAPI_PRIVATE_KEY: 'sk-private-1234' }).phoneCall).toBeNull()
  })

  it('lists malformed limits, timeout and proxy header together', () => {
    const message = getErrorMessage(() =>
      loadServerConfig({
        PHONE_LIMIT_PER_NUMBER_DAILY: '-1',
        PHONE_CALL_TIMEOUT_MS: '10',
        TRUSTED_PROXY_HEADER: 'x-forwarded-for, x-real-ip',
      }),
    )
    expect(message).toMatch(/PHONE_LIMIT_PER_NUMBER_DAILY: must be a whole number from 0 to 100000/)
    expect(message).toMatch(/PHONE_CALL_TIMEOUT_MS: must be a whole number from 1000 to 60000/)
    expect(message).toMatch(/TRUSTED_PROXY_HEADER: must be a header name/)
  })

  it("reads the demo calendar's time zone, and refuses a name the runtime does not know", () => {
    expect(loadServerConfig({ DEMO_TIME_ZONE: ' Europe/London ' }).demoTimeZone).toBe('Europe/London')
    expect(() => loadServerConfig({ DEMO_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      /DEMO_TIME_ZONE.*must be a time zone name such as America\/New_York/,
    )
  })

  it('reads the call-record retention in days, and refuses one outside 1 to 3650', () => {
    expect(loadServerConfig({ CALL_RECORD_RETENTION_DAYS: '7' }).callRecordRetentionDays).toBe(7)
    for (const value of ['0', '3651', '1.5', 'week']) {
      expect(() => loadServerConfig({ CALL_RECORD_RETENTION_DAYS: value })).toThrow(
        /CALL_RECORD_RETENTION_DAYS: must be a whole number from 1 to 3650/,
      )
    }
  })

  it('lists every bad variable in one message', () => {
    const env = { PORT: '99999', PRODUCT_NAME: '   ', DATABASE_URL: 'https://abc.supabase.co', HOST: 'x' }
    expect(() => loadServerConfig(env)).toThrow(ConfigError)
    const message = getErrorMessage(() => loadServerConfig(env))
    expect(message).toMatch(/PORT: must be a whole number from 0 to 65535/)
    expect(message).toMatch(/PRODUCT_NAME: must not be blank/)
    expect(message).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/)
    expect(message).not.toMatch(/HOST/)
  })

  it('no longer reads SALES_TOOLS_SECRET, and has one line saying so and what replaced it', () => {
    expect(loadServerConfig({ SALES_TOOLS_SECRET: 'short' })).toEqual(loadServerConfig({}))
    expect(listRetiredVariables({ SALES_TOOLS_SECRET: 'sales-key-0123456789' })).toEqual([
      expect.stringMatching(/^SALES_TOOLS_SECRET is set but no longer used: .*npm run reps -- add <email>/),
    ])
    expect(listRetiredVariables({ SALES_TOOLS_SECRET: '' })).toEqual([])
  })

  it("refuses an earlier release's hosted Supabase variables without a database URL, never echoing the key", () => {
    const earlier = { SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_SERVICE_ROLE_KEY: KEY }
    expect(() => loadServerConfig(earlier)).toThrow(
      /SUPABASE_URL: is no longer read; set DATABASE_URL to the project's database URL instead/,
    )
    expect(() => loadServerConfig(earlier)).not.toThrow(new RegExp(KEY))
    // With a database URL beside them (as Supabase's edge functions have), they are simply not read.
    expect(
      loadServerConfig({ ...earlier, DATABASE_URL: DATABASE, CALL_HASH_SECRET: SECRET }).database.kind,
    ).toBe('postgres')
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
