import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { loadSiteEnv } from '../../../site/build/load-site-env.ts'
import { loadServerConfig } from '../config.ts'
import { readPolicySources } from './policy-sources.ts'
import { sitePageHeaders } from './security-headers.ts'

/** The deployment guide's `_headers` example (docs/deployment.md): header → value, per path. */
function readDeployHeaders(): Map<string, Map<string, string>> {
  const readme = readFileSync(fileURLToPath(new URL('../../../docs/deployment.md', import.meta.url)), 'utf8')
  const block = /```text\n {3}# _headers\n([\s\S]*?) {3}```/.exec(readme)?.[1]
  if (!block) throw new Error('docs/deployment.md has no _headers example')
  const rules = new Map<string, Map<string, string>>()
  let current = new Map<string, string>()
  for (const line of block.split('\n')) {
    const path = /^ {3}(\/\S*)$/.exec(line)?.[1]
    const header = /^ {5}([\w-]+): (.+)$/.exec(line)
    if (path) {
      current = new Map()
      rules.set(path, current)
    } else if (header?.[1] && header[2]) current.set(header[1], header[2])
  }
  return rules
}

describe("the deployment guide's production headers", () => {
  it("are the bundled server's for the deployment: API on the edge function, voice, video, Calendly", () => {
    const config = loadServerConfig({
      VAPI_PUBLIC_KEY: 'pk-test-public',
      TAVUS_API_KEY: 'tavus-key-123',
      TAVUS_PERSONA_ID: 'p-1',
    })
    // `<ref>` is no host name, so the policy is made for `ref` and the placeholder put back.
    const site = loadSiteEnv({ SITE_API_BASE: 'https://ref.supabase.co/functions/v1' })
    const expected = sitePageHeaders(readPolicySources(config, site), true)
    const rules = readDeployHeaders()
    const page = rules.get('/')
    expect(page?.get('Content-Security-Policy')).toBe(
      expected['Content-Security-Policy']?.replace('https://ref.supabase.co', 'https://<ref>.supabase.co'),
    )
    expect(page?.get('Permissions-Policy')).toBe(expected['Permissions-Policy'])
    expect(page?.get('X-Frame-Options')).toBe(expected['X-Frame-Options'])
    const everyResponse = rules.get('/*')
    for (const name of ['X-Content-Type-Options', 'Referrer-Policy', 'Strict-Transport-Security']) {
      expect(everyResponse?.get(name), name).toBe(expected[name])
    }
    expect(rules.get('/widget.mjs')?.get('Access-Control-Allow-Origin')).toBe('*')
  })
})
