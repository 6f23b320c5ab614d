import { describe, expect, it } from 'vitest'
import { loadSiteEnv } from './load-site-env.ts'

describe('loadSiteEnv', () => {
  it('falls back to the product defaults when nothing (or an empty value) is set', () => {
    expect(loadSiteEnv({})).toEqual({
      PRODUCT_NAME: 'CallPilot',
      WIDGET_SCRIPT_URL: '/widget.mjs',
      SITE_API_BASE: '',
      CALENDLY_URL: 'https://calendly.com/callpilot/15min',
    })
    expect(loadSiteEnv({ PRODUCT_NAME: '', WIDGET_SCRIPT_URL: '' }).PRODUCT_NAME).toBe('CallPilot')
  })

  it('takes set values and drops a trailing slash from the API base', () => {
    const env = loadSiteEnv({
      PRODUCT_NAME: ' Acme Voice ',
      WIDGET_SCRIPT_URL: 'https://cdn.example.com/widget.mjs',
      SITE_API_BASE: 'https://api.example.com/',
      CALENDLY_URL: 'https://calendly.com/acme/intro',
    })
    expect(env).toEqual({
      PRODUCT_NAME: 'Acme Voice',
      WIDGET_SCRIPT_URL: 'https://cdn.example.com/widget.mjs',
      SITE_API_BASE: 'https://api.example.com',
      CALENDLY_URL: 'https://calendly.com/acme/intro',
    })
  })

  it('keeps an empty CALENDLY_URL (booking off) and refuses a non-https meeting URL', () => {
    expect(loadSiteEnv({ CALENDLY_URL: '' }).CALENDLY_URL).toBe('')
    expect(() => loadSiteEnv({ CALENDLY_URL: 'http://calendly.com/acme' })).toThrow(
      /CALENDLY_URL: must be empty or an https URL/,
    )
  })

  it('names every bad variable in one error', () => {
    const load = () => loadSiteEnv({ WIDGET_SCRIPT_URL: 'javascript:alert(1)', SITE_API_BASE: '//evil.test' })
    expect(load).toThrow(/WIDGET_SCRIPT_URL: must be a path.*\n.*SITE_API_BASE: must be empty/)
  })
})
