import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { serve } from '@hono/node-server'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import { REP_API_PATH } from '#core/rep-api.ts'
import { type FakeVapiServer, startFakeVapiServer } from '../testing/fake-vapi-server.ts'
import { createPhoneCallApp, phoneCallBody, postPhoneCall } from '../testing/phone-call-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'

// What clients can put in a request that is theirs to get wrong: control characters anywhere the
// API reads, and bodies cut off mid-way. Both are a 400 for the client, and neither may fill the
// server's log.

let backend: TestBackend
let vapi: FakeVapiServer
let app: Hono
let errors: unknown[][]
beforeAll(async () => {
  ;[backend, vapi] = await Promise.all([createTestBackend(), startFakeVapiServer()])
})
afterAll(async () => {
  await vapi.close()
  await backend.db.close()
})
const freshApp = () => {
  errors = []
  app = createPhoneCallApp(
    { ...backend, deps: { ...backend.deps, logger: { error: (...args) => void errors.push(args) } } },
    { vapiUrl: vapi.url },
  )
  return app
}

const CONTROL_CHARACTER = {
  code: 'control_character',
  message: 'The request contains a control character (such as NUL), which is not allowed.',
}
const readError = async (res: Response) => ((await res.json()) as ErrorBody).error

describe('control characters', () => {
  it.each([
    ['a NUL in the path', '/api/prospects/bright%00smile'],
    ['DEL in the path', '/api/prospects/bright-smile-dental%7F'],
    ['a NUL in the query string', '/api/prospects/visitor?x=%00'],
    ['an escape in a query key', '/api/config?%1b=1'],
    ['a NUL in the reps’ search', `${REP_API_PATH}/prospects?q=a%00b`],
  ])('answers %s with 400 control_character', async (_, path) => {
    const res = await freshApp().request(path)
    expect(res.status).toBe(400)
    expect(await readError(res)).toEqual(CONTROL_CHARACTER)
    expect(errors).toEqual([])
  })

  it('marks every API answer, errors included, as not to be sniffed', async () => {
    for (const path of ['/api/prospects/bright-smile-dental', '/api/prospects/a%00b', '/api/nothing-here']) {
      const res = await freshApp().request(path)
      expect(res.headers.get('X-Content-Type-Options'), path).toBe('nosniff')
    }
  })

  it('lets a percent sign that encodes no control character through', async () => {
    const res = await freshApp().request('/api/prospects/visitor?q=%2500%20ok')
    expect(res.status).toBe(200)
  })

  it.each([
    ['a NUL in the number', { number: '201 555\u00000123' }],
    ['a tab in the slug', { slug: 'bright-smile-dental\t' }],
    ['a bell in the idempotency key', { idempotencyKey: `${'k'.repeat(20)}\u0007` }],
    ['DEL in an unknown field', { note: '\u007f' }],
    ['a control character in a key', { 'x\u0001': 1 }],
  ])('answers %s of the JSON body with 400 control_character, and dials nothing', async (_, fields) => {
    const before = vapi.calls().length
    const res = await postPhoneCall(freshApp(), { ...phoneCallBody(), ...fields })
    expect(res.status).toBe(400)
    expect(await readError(res)).toEqual(CONTROL_CHARACTER)
    expect(vapi.calls().length).toBe(before)
  })

  it('answers a raw control character in the body text the same way, but not JSON whitespace', async () => {
    const raw = await postPhoneCall(freshApp(), `\u0001${JSON.stringify(phoneCallBody())}`)
    expect(await readError(raw)).toEqual(CONTROL_CHARACTER)
    const pretty = await postPhoneCall(freshApp(), JSON.stringify(phoneCallBody(), null, '\t'))
    expect(pretty.status).toBe(200)
  })

  it.each([
    ['Idempotency-Key', `key-${'0'.repeat(16)}\u0001`],
    ['Authorization', 'Bearer abc\u007f'],
  ])('answers one in the %s header with 400 control_character', async (name, value) => {
    const res = await postPhoneCall(freshApp(), phoneCallBody(), '203.0.113.10', { [name]: value })
    expect(res.status).toBe(400)
    expect(await readError(res)).toEqual(CONTROL_CHARACTER)
  })

  it('answers with CORS headers, so a partner page can read the 400', async () => {
    const res = await freshApp().request('/api/prospects/%00', {
      headers: { Origin: 'https://partner.example' },
    })
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*')
  })
})

/** A body that sends `first`, then fails as a reset connection does. */
function cutOffBody(first: string): ReadableStream<Uint8Array> {
  let sent = false
  return new ReadableStream({
    pull(controller) {
      if (sent) return controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))
      sent = true
      controller.enqueue(new TextEncoder().encode(first))
    },
  })
}

describe('bodies the client cut off', () => {
  it('are a 400 body_incomplete and one short line in the log, without a stack', async () => {
    const res = await freshApp().request('/api/calls/phone', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: cutOffBody('{"slug":"bright-'),
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(400)
    expect((await readError(res)).code).toBe('body_incomplete')
    expect(errors).toEqual([
      ['[body_incomplete] a client closed the connection before sending its whole request body'],
    ])
  })

  it('are a 400 body_incomplete when fewer bytes come than Content-Length announced', async () => {
    const body = JSON.stringify(phoneCallBody())
    const res = await postPhoneCall(freshApp(), body, '203.0.113.10', {
      'Content-Length': String(body.length + 10),
    })
    expect(res.status).toBe(400)
    expect((await readError(res)).code).toBe('body_incomplete')
  })

  it('over a real socket, 50 times in a row, log one line in all', async () => {
    const server = serve({ fetch: freshApp().fetch, port: 0, hostname: '127.0.0.1' })
    await once(server, 'listening')
    const { port } = server.address() as AddressInfo
    try {
      for (let i = 0; i < 50; i++) {
        const socket = connect(port, '127.0.0.1')
        await once(socket, 'connect')
        socket.write(
          'POST /api/calls/phone HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
            'Content-Length: 200\r\n\r\n{"slug":"bright-',
        )
        // Give the server the head and the first bytes, then hang up mid-body.
        await new Promise((resolve) => setTimeout(resolve, 20))
        socket.destroy()
      }
      await expect.poll(() => errors.length, { timeout: 60_000 }).toBe(1)
      // A moment for any later line to show up: there must be none.
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(errors).toEqual([
        ['[body_incomplete] a client closed the connection before sending its whole request body'],
      ])
    } finally {
      server.close()
    }
  })
})
