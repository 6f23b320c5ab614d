import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAgentTemplateSet } from '#core/agent.ts'
import { renderAgentTemplate } from '#core/agent-template.ts'
import type { ErrorBody } from '#core/errors.ts'
import type { ProspectResponse } from '#core/prospect.ts'
import { describeUnavailable } from '#core/public-config.ts'
import { createApp } from '../app.ts'
import type { Db } from '../data/database.ts'
import { encodePage } from '../static/encoded-files.ts'
import { createTestBackend, TEST_PUBLIC_CONFIG, type TestBackend } from '../testing/test-backend.ts'
import { getDemoFeatures } from './prospects.ts'

const MAYA_ROW = {
  slug: 'bright-smile-dental',
  name: 'Dr. Maya Patel',
  companyName: 'Bright Smile Dental',
  firstMessage: 'Hi',
  system: 'You are a receptionist.',
  variables: { name: 'Dr. Maya Patel', company_name: 'Bright Smile Dental' },
}

let backend: TestBackend
beforeAll(async () => {
  backend = await createTestBackend()
})
afterAll(async () => {
  if (!backend.db.closed) await backend.db.close()
})

const request = (path: string, init?: RequestInit) => createApp(backend.deps).request(path, init)

describe('GET /api/prospects/:slug', () => {
  it('answers a seeded slug with its public fields only', async () => {
    const res = await request('/api/prospects/bright-smile-dental')
    expect(res.status).toBe(200)
    const body = (await res.json()) as ProspectResponse
    expect(body.fallback).toBe(false)
    expect(body.prospect).toMatchObject({
      slug: 'bright-smile-dental',
      name: 'Dr. Maya Patel',
      companyName: 'Bright Smile Dental',
      assistantId: null,
    })
    // The dental template, rendered with the prospect's details when it is served.
    expect(body.prospect.firstMessage).toMatch(/^Thank you for calling Bright Smile Dental, this is Ava/)
    expect(body.prospect.system).toContain(
      'Opening hours: Monday to Friday 8 am to 6 pm, Saturday 9 am to 1 pm\n',
    )
    expect(body.prospect.system).toContain('\nDemo built for: Dr. Maya Patel\n')
    expect(body.prospect.system).not.toMatch(/\{\{|\{%|undefined/)
    expect(body.prospect.variables).toEqual({
      name: 'Dr. Maya Patel',
      company_name: 'Bright Smile Dental',
      services: 'check-ups and cleanings, fillings, whitening consultations and emergency visits',
      opening_hours: 'Monday to Friday 8 am to 6 pm, Saturday 9 am to 1 pm',
    })
    // Its face from its website: the id of the logo we keep, and its colour.
    expect(body.prospect.brand).toEqual({ logo: expect.stringMatching(/^[0-9a-f]{64}$/), color: '#0e7490' })
    expect(Object.keys(body.prospect).sort()).toEqual(
      ['assistantId', 'brand', 'companyName', 'firstMessage', 'name', 'slug', 'system', 'variables'].sort(),
    )
  })

  it('renders the template in use when it is served: an improved template reaches its prospects at once', async () => {
    const improved = createAgentTemplateSet(
      backend.deps.templates.list.map(({ source }) =>
        source.id === 'dental' ? { ...source, firstMessage: '{{ company_name }}, good morning!' } : source,
      ),
    )
    const res = await createApp({ ...backend.deps, templates: improved }).request(
      '/api/prospects/bright-smile-dental',
    )
    expect(((await res.json()) as ProspectResponse).prospect.firstMessage).toBe(
      'Bright Smile Dental, good morning!',
    )
  })

  it('gives a prospect whose template is gone the general agent', async () => {
    await backend.db.query(`update public.prospects set template = 'florist' where slug = 'harbor-realty'`)
    const res = await request('/api/prospects/harbor-realty')
    const { prospect } = (await res.json()) as ProspectResponse
    expect(prospect.firstMessage).toBe(
      renderAgentTemplate(backend.deps.templates.get('general'), prospect.variables).firstMessage,
    )
    await backend.db.query(
      `update public.prospects set template = 'real-estate' where slug = 'harbor-realty'`,
    )
  })

  it('answers an unknown slug with the visitor prospect, marked as fallback, and logs nothing', async () => {
    const before = backend.errors.length
    const res = await request('/api/prospects/someone-new')
    expect(res.status).toBe(200)
    const body = (await res.json()) as ProspectResponse
    expect(body).toMatchObject({ fallback: true, prospect: { slug: 'visitor', name: 'there' } })
    expect(backend.errors.length).toBe(before) // PGRST116 is "not found", not a failure
  })

  it('says which demos work, so the widget offers only those: none when nothing is configured', async () => {
    const body = (await (await request('/api/prospects/bright-smile-dental')).json()) as ProspectResponse
    expect(body.features).toEqual({ browserCall: false, phoneCall: false, videoCall: false })
    // The panel says it under its buttons: a first run without keys explains itself there too.
    expect(body.unavailableReason).toBe('Calls are not available right now.')
  })

  it('names only the call that is off, and nothing when both work', () => {
    expect(describeUnavailable({ browserCall: true, phoneCall: false })).toBe(
      'Phone calls are not available right now.',
    )
    expect(describeUnavailable({ browserCall: false, phoneCall: true })).toBe(
      'Browser calls are not available right now.',
    )
    expect(describeUnavailable({ browserCall: true, phoneCall: true })).toBe('')
  })

  it('offers a call only with the platform keys and an assistant (the prospect’s own or the default)', () => {
    const voice = {
      publicKey: 'public-key-123',
      defaultAssistantId: null as string | null,
      apiUrl: 'https://api.vapi.ai',
      model: { provider: 'openai', model: 'gpt-4o-mini' },
    }
    const vapi = { ...voice, privateKey: 'private', phoneNumberId: 'n1', timeoutMs: 1 }
    const config = (defaultAssistantId: string | null) => ({
      db: backend.deps.db,
      publicConfig: {
        ...TEST_PUBLIC_CONFIG,
        voice: { ...voice, defaultAssistantId },
        features: { browserCall: true, phoneCall: true, videoCall: true },
      },
      phoneCalls: { vapi, defaultAssistantId },
    })
    const maya = { ...MAYA_ROW, assistantId: null }
    // Keys but no assistant anywhere: a call could not start, so it is not offered.
    expect(getDemoFeatures(maya, config(null))).toEqual({
      browserCall: false,
      phoneCall: false,
      videoCall: true,
    })
    expect(getDemoFeatures({ ...maya, assistantId: 'own' }, config(null))).toMatchObject({
      browserCall: true,
      phoneCall: true,
    })
    expect(getDemoFeatures(maya, config('default'))).toMatchObject({ browserCall: true, phoneCall: true })
    // No keys: nothing, whatever the assistants.
    expect(
      getDemoFeatures({ ...maya, assistantId: 'own' }, { ...config('d'), phoneCalls: undefined }),
    ).toMatchObject({ phoneCall: false })
  })

  it('sends an ETag a CDN may keep for as long as the server does, and a revalidation gets 304', async () => {
    const app = createApp(backend.deps)
    const first = await app.request('/api/prospects/bright-smile-dental')
    const etag = first.headers.get('ETag')
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=5')
    const again = await app.request('/api/prospects/bright-smile-dental', {
      headers: { 'If-None-Match': etag ?? '' },
    })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('ETag')).toBe(etag)
    const other = await app.request('/api/prospects/harbor-realty', {
      headers: { 'If-None-Match': etag ?? '' },
    })
    expect(other.status).toBe(200)
  })

  it('sends each answer compressed as the request accepts, compressed once for every request', async () => {
    let encodings = 0
    const app = createApp({
      ...backend.deps,
      encodeBody: (identity) => {
        encodings += 1
        return encodePage(identity)
      },
    })
    const ask = (acceptEncoding: string) =>
      app.request('/api/prospects/bright-smile-dental', { headers: { 'Accept-Encoding': acceptEncoding } })
    const plain = await (await ask('identity')).text()
    for (const [accepted, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await ask(accepted)
      expect(res.headers.get('Content-Encoding')).toBe(encoding)
      expect(res.headers.get('Vary')).toBe('Accept-Encoding')
      const bytes = Buffer.from(await res.arrayBuffer())
      expect(res.headers.get('Content-Length')).toBe(String(bytes.length))
      expect(bytes.length).toBeLessThan(plain.length)
      expect(decode(bytes).toString()).toBe(plain)
      // Another representation: a weak validator, which still revalidates.
      expect(res.headers.get('ETag')).toMatch(/^W\/"[0-9a-f]{32}"$/)
    }
    expect(JSON.parse(plain)).toMatchObject({ prospect: { slug: 'bright-smile-dental' } })
    expect(encodings).toBe(1)
  })

  it('answers visitor itself without the fallback marker', async () => {
    const body = (await (await request('/api/prospects/visitor')).json()) as ProspectResponse
    expect(body.fallback).toBe(false)
  })

  it.each(['Visitor', 'a_b', 'x'.repeat(65), '%20'])(
    'answers an invalid slug (%s) with 400',
    async (slug) => {
      const res = await request(`/api/prospects/${slug}`)
      expect(res.status).toBe(400)
      expect(((await res.json()) as ErrorBody).error.code).toBe('slug_invalid')
    },
  )

  it('allows any origin to read it, errors included', async () => {
    const ok = await request('/api/prospects/visitor', { headers: { Origin: 'https://partner.example' } })
    const bad = await request('/api/prospects/BAD', { headers: { Origin: 'https://partner.example' } })
    expect(ok.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(bad.headers.get('Access-Control-Allow-Origin')).toBe('*')
  })

  it('answers a failing database with 503 "Failed to load prospect data." and logs it once', async () => {
    const errors: unknown[][] = []
    const db: Db = { query: () => Promise.reject(new Error('Connection terminated unexpectedly')) }
    const app = createApp({
      ...backend.deps,
      db,
      logger: { error: (...args) => void errors.push(args) },
    })
    const res = await app.request('/api/prospects/harbor-realty')
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({
      error: { code: 'prospect_unavailable', message: 'Failed to load prospect data.' },
    })
    expect(errors).toHaveLength(1)
  })
})

describe('other routes', () => {
  it('answers GET /api/config with the public configuration', async () => {
    const res = await request('/api/config')
    expect(await res.json()).toEqual(backend.deps.publicConfig)
  })

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await request('/api/nothing-here')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } })
  })
})

// These change the database, so they run last, in this order.
describe('without the fallback prospect', () => {
  it('answers 404 with Prospect "{slug}" not found', async () => {
    await backend.db.query(`delete from public.prospects where slug = 'visitor'`)
    const res = await request('/api/prospects/nobody-here')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({
      error: { code: 'prospect_not_found', message: 'Prospect "nobody-here" not found' },
    })
    const visitor = await request('/api/prospects/visitor')
    expect(((await visitor.json()) as ErrorBody).error.message).toBe('Prospect "visitor" not found')
  })

  it('answers 503 once the database is closed', async () => {
    await backend.db.close()
    const res = await request('/api/prospects/bright-smile-dental')
    expect(res.status).toBe(503)
    expect(((await res.json()) as ErrorBody).error.message).toBe('Failed to load prospect data.')
  })
})
