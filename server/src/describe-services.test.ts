import { describe, expect, it } from 'vitest'
import { loadServerConfig } from './config.ts'
import { describeMailCheck, describeServices } from './describe-services.ts'

describe('describeServices', () => {
  it('tells a first run, with no keys, what to set to hear the agent', () => {
    const lines = describeServices(loadServerConfig({}))
    expect(lines[0]).toMatch(/^Services \(in \.env, then restart/)
    expect(lines.slice(1)).toEqual([
      '  browser calls off: set VAPI_PUBLIC_KEY and VAPI_ASSISTANT_ID to talk to the agent',
      '  phone calls   off: set VAPI_PRIVATE_KEY and VAPI_PHONE_NUMBER_ID for "Call Me"',
      '  video calls   off: set TAVUS_API_KEY and TAVUS_PERSONA_ID for the video button',
      "  rep nudges    off: set NOTIFY_WEBHOOK_URL for the reps' chat",
      '  mail          off: set SMTP_URL and MAIL_FROM to email invitations, new links and nudges (links are passed on by hand)',
      "  AI summaries  off: set LLM_API_URL, LLM_API_KEY and LLM_MODEL to summarise a website's text too",
    ])
  })

  it('says on for what is configured', () => {
    const lines = describeServices(
      loadServerConfig({
        VAPI_PUBLIC_KEY: 'pk_0123456789abcdef',
        VAPI_ASSISTANT_ID: '0b7b8f5e-4c1e-4f52-9a53-5c6a9f0f1a2b',
        VAPI_PRIVATE_KEY: 'sk_0123456789abcdef',
        VAPI_PHONE_NUMBER_ID: '6f1d5d3c-2a4e-4b8f-9c1d-7e2f3a4b5c6d',
      }),
    )
    expect(lines.slice(1, 3)).toEqual(['  browser calls on', '  phone calls   on'])
    expect(lines[3]).toMatch(/^ {2}video calls {3}off: /)
  })

  it('says mail is on with SMTP_URL and MAIL_FROM, and off with the reason when the check fails', () => {
    const config = loadServerConfig({
      SMTP_URL: 'smtps://team:secret@smtp.example.com:465',
      MAIL_FROM: 'team@example.com',
    })
    expect(describeServices(config)).toContain('  mail          on')
    // Nudges reach the reps who chose email even without a team chat.
    expect(describeServices(config)).toContain(
      "  rep nudges    by email only: set NOTIFY_WEBHOOK_URL for the reps' chat too",
    )
    expect(describeMailCheck(null)).toBeNull()
    expect(describeMailCheck('the SMTP server refused the user or password (535 no)')).toBe(
      '  mail          off: the SMTP server refused the user or password (535 no); check SMTP_URL ' +
        '(invitations and links are passed on by hand until a restart)',
    )
  })
})
