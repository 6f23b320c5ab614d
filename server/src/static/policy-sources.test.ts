import { describe, expect, it } from 'vitest'
import { loadSiteEnv } from '../../../site/build/load-site-env.ts'
import { loadServerConfig } from '../config.ts'
import { readPolicySources, videoFrameOrigins } from './policy-sources.ts'

describe('the origins our pages talk to, from configuration', () => {
  it('a default build and server: everything on our own origin, Calendly on, no calls configured', () => {
    expect(readPolicySources(loadServerConfig({}), loadSiteEnv({}))).toEqual({
      apiOrigin: null,
      widgetOrigin: null,
      calendlyOrigin: 'https://calendly.com',
      vapiApiOrigin: null,
      videoFrameOrigins: [],
    })
  })

  it('the deployment: API and widget elsewhere, Vapi and the default video hosts', () => {
    const config = loadServerConfig({
      VAPI_PUBLIC_KEY: 'pk-test-public',
      TAVUS_API_KEY: 'tavus-key-123',
      TAVUS_PERSONA_ID: 'p-1',
    })
    const site = loadSiteEnv({
      SITE_API_BASE: 'https://ref.supabase.co/functions/v1',
      WIDGET_SCRIPT_URL: 'https://static.example/widget.mjs',
      CALENDLY_URL: '',
    })
    expect(readPolicySources(config, site)).toEqual({
      apiOrigin: 'https://ref.supabase.co',
      widgetOrigin: 'https://static.example',
      calendlyOrigin: null,
      vapiApiOrigin: 'https://api.vapi.ai',
      videoFrameOrigins: ['https://tavus.daily.co', 'https://*.daily.co'],
    })
  })

  it('frames a video host over https on its default port; a loopback fake over http or https on any port', () => {
    expect(videoFrameOrigins('tavus.daily.co')).toEqual(['https://tavus.daily.co'])
    expect(videoFrameOrigins('*.daily.co')).toEqual(['https://*.daily.co'])
    expect(videoFrameOrigins('127.0.0.1')).toEqual(['http://127.0.0.1:*', 'https://127.0.0.1:*'])
    expect(videoFrameOrigins('[::1]')).toEqual(['http://[::1]:*', 'https://[::1]:*'])
  })
})
