import { gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { describe, expect, it } from 'vitest'
import { sizedJson } from './sized-json.ts'

/** The app's order: compression outside, the JSON answers sized inside it. */
function app() {
  const app = new Hono()
  app.use(compress())
  app.use(sizedJson())
  app.get('/small', (c) => c.json({ status: 'ok' }, 503, { 'Retry-After': '5' }))
  app.get('/large', (c) =>
    c.json({ rows: Array.from({ length: 200 }, (_, i) => ({ slug: `prospect-${i}` })) }),
  )
  app.get('/text', (c) => c.text('a line of text '.repeat(200)))
  return app
}

const get = (path: string) => app().request(path, { headers: { 'Accept-Encoding': 'gzip' } })

describe('JSON answers sized before compression', () => {
  it('sends a small JSON answer as it is, with its length, status and headers', async () => {
    const answer = await get('/small')
    expect(answer.status).toBe(503)
    expect(answer.headers.get('Content-Encoding')).toBeNull()
    expect(answer.headers.get('Content-Length')).toBe('15')
    expect(answer.headers.get('Retry-After')).toBe('5')
    expect(answer.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(await answer.json()).toEqual({ status: 'ok' })
  })

  it('still compresses a JSON answer over 1 KB', async () => {
    const answer = await get('/large')
    expect(answer.headers.get('Content-Encoding')).toBe('gzip')
    const body = JSON.parse(gunzipSync(Buffer.from(await answer.arrayBuffer())).toString())
    expect(body.rows).toHaveLength(200)
  })

  it('leaves other answers to the compression as before', async () => {
    const answer = await get('/text')
    expect(answer.headers.get('Content-Encoding')).toBe('gzip')
    expect(answer.headers.get('Content-Length')).toBeNull()
  })
})
