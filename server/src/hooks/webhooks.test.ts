import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  OutgoingWebhookCreated,
  OutgoingWebhookListResponse,
  WebhookDeliveryLogResponse,
} from '#core/rep-api.ts'
import { callFunction } from '../data/database.ts'
import { createActivityRows } from '../testing/activity-rows.ts'
import { listenOnLoopback } from '../testing/listen-loopback.ts'
import { createRepTestApp, type RepTestApp, type TestSession } from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { createWebhookDrain } from './drain-webhooks.ts'
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER } from './send-webhook.ts'
import type { WebhookAddressRule } from './webhook-address.ts'
import { MAX_ATTEMPTS, type WebhookSettings } from './webhook-settings.ts'

/**
 * Outgoing webhooks end to end in the server: an admin adds one through the reps' API, facts queue
 * deliveries in their own transactions, and the drain posts them to a loopback receiver that checks
 * each signature the way docs/operations.md tells a receiver to. The loopback receivers are allowed
 * by the test's rule only (`exempt`); the product's rule refuses every private address.
 */

/** What a receiver saw: each request's delivery id, event, body and whether its signature held. */
interface Received {
  deliveryId: string
  event: string
  body: {
    id: string
    type: string
    created_at: string
    prospect: Record<string, unknown> | null
    details: unknown
  }
  signatureValid: boolean
  answered: number
}

/** A receiver as a team's tool would write one: refuses a bad signature or an old time, answers per `answer`. */
async function startReceiver(secretOf: () => string, answer: (count: number) => number | 'hang') {
  const received: Received[] = []
  const hanging: ServerResponse[] = []
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = ''
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString()
    })
    req.on('end', () => {
      const header = String(req.headers[SIGNATURE_HEADER.toLowerCase()] ?? '')
      const t = /(?:^|,)t=(\d+)/.exec(header)?.[1] ?? ''
      const v1 = /(?:^|,)v1=([0-9a-f]{64})/.exec(header)?.[1] ?? ''
      const expected = createHmac('sha256', secretOf()).update(`${t}.${text}`).digest()
      const fresh = Math.abs(Date.now() / 1000 - Number(t)) < 5 * 60
      const signatureValid =
        v1 !== '' && fresh && timingSafeEqual(expected, Buffer.from(v1, 'hex')) && req.method === 'POST'
      const status = signatureValid ? answer(received.length) : 400
      received.push({
        deliveryId: String(req.headers[DELIVERY_HEADER.toLowerCase()]),
        event: String(req.headers[EVENT_HEADER.toLowerCase()]),
        body: JSON.parse(text),
        signatureValid,
        answered: status === 'hang' ? 0 : status,
      })
      if (status === 'hang') hanging.push(res)
      else res.writeHead(status, { 'Content-Type': 'text/plain' }).end('ok')
    })
  })
  const { url, close } = await listenOnLoopback(server)
  return { url, received, hanging, close, hostPort: new URL(url).host }
}

let backend: TestBackend
let reps: RepTestApp
let admin: TestSession
let rep: TestSession
const exempt = new Set<string>()
/** A name that resolves to a private address, as a hostile or careless DNS answer would. */
const lookup: NonNullable<WebhookAddressRule['lookup']> = async (hostname) =>
  hostname === 'inside.example'
    ? [{ address: '10.1.2.3', family: 4 }]
    : [{ address: '93.184.215.14', family: 4 }]
let settings: WebhookSettings
const logged: string[] = []

beforeAll(async () => {
  backend = await createTestBackend()
  settings = {
    rule: { exempt, lookup },
    siteOrigin: () => 'https://demo.example.com',
    timeoutMs: 300,
    now: () => reps.clock.now(),
  }
  reps = createRepTestApp(backend, { webhooks: settings })
  await reps.addRep('admin@example.com', 'admin')
  await reps.addRep('rep@example.com', 'rep')
  admin = await reps.signIn('admin@example.com')
  rep = await reps.signIn('rep@example.com')
})
afterAll(() => backend.db.close())

const drain = () => createWebhookDrain(backend.db, settings, { error: (line: string) => logged.push(line) })()

async function addWebhook(url: string, events: string[]): Promise<OutgoingWebhookCreated> {
  const res = await reps.request('/webhooks', {
    method: 'POST',
    session: admin,
    body: JSON.stringify({ url, events }),
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json()) as OutgoingWebhookCreated
}

async function logOf(id: string): Promise<WebhookDeliveryLogResponse> {
  const res = await reps.request(`/webhooks/${id}/deliveries`, { session: admin })
  expect(res.status).toBe(200)
  return (await res.json()) as WebhookDeliveryLogResponse
}

async function createProspect(slug: string, company: string) {
  const body = { slug, name: 'Nadia Brook', company_name: company, first_message: 'Hi', system: 'S' }
  const res = await reps.request('/prospects', { method: 'POST', session: admin, body: JSON.stringify(body) })
  expect(res.status).toBe(201)
}

const setEnabled = (id: string, enabled: boolean) =>
  reps.request(`/webhooks/${id}`, { method: 'PATCH', session: admin, body: JSON.stringify({ enabled }) })

describe('outgoing webhooks', () => {
  it('delivers each fact once, signed, after a receiver that failed first accepts it', async () => {
    let secret = ''
    const receiver = await startReceiver(
      () => secret,
      (count) => (count === 0 ? 500 : 200),
    )
    exempt.add(receiver.hostPort)
    try {
      const created = await addWebhook(`${receiver.url}/hooks/crm`, ['prospect_created', 'booked'])
      secret = created.secret
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
      expect(created.webhook.secretLast4).toBe(secret.slice(-4))
      // Listed afterwards with the secret's end only.
      const list = (await (
        await reps.request('/webhooks', { session: admin })
      ).json()) as OutgoingWebhookListResponse
      expect(JSON.stringify(list)).not.toContain(secret)

      // A prospect created, then booked through the scheduler: two facts, two deliveries.
      await createProspect('hook-harbour-optics', 'Harbour Optics Hookton')
      await callFunction(backend.db, 'record_scheduler_booking', {
        invitee: 'https://api.calendly.com/scheduled_events/E1/invitees/I1',
        prospect_slug: 'hook-harbour-optics',
        visit_id: 'visit-000000000001',
        detail: { startTime: '2027-01-05T10:00:00Z' },
        canceled: false,
        dedupe_minutes: null,
        link: null,
        at: reps.clock.now().toISOString(),
      })

      // First drain: the receiver answers 500 to the first, 200 to the second.
      const first = await drain()
      expect(first).toMatchObject({ delivered: 1, retried: 1, failed: 0 })
      let log = await logOf(created.webhook.id)
      expect(log.deliveries.map((line) => [line.event, line.state])).toEqual(
        expect.arrayContaining([
          ['prospect_created', expect.stringMatching(/waiting|delivered/)],
          ['booked', expect.stringMatching(/waiting|delivered/)],
        ]),
      )
      const waiting = log.deliveries.find((line) => line.state === 'waiting')
      expect(waiting).toMatchObject({ attempts: 1, status: 500, error: 'The receiver answered HTTP 500' })

      // Not due before its backoff; due after it.
      expect(await drain()).toMatchObject({ delivered: 0, retried: 0 })
      reps.clock.advance(31)
      expect(await drain()).toMatchObject({ delivered: 1, retried: 0, failed: 0 })
      log = await logOf(created.webhook.id)
      expect(log.deliveries.every((line) => line.state === 'delivered' && line.error === null)).toBe(true)
      expect(log.deliveries.find((line) => line.id === waiting?.id)).toMatchObject({
        attempts: 2,
        status: 200,
      })

      // Every request signed; each delivery accepted once, the retry carrying the same delivery id.
      expect(receiver.received.every((one) => one.signatureValid)).toBe(true)
      const accepted = receiver.received.filter((one) => one.answered === 200)
      expect(accepted).toHaveLength(2)
      expect(new Set(accepted.map((one) => one.deliveryId)).size).toBe(2)
      expect(receiver.received[0]?.deliveryId).toBe(waiting?.deliveryId)
      expect(accepted.map((one) => one.deliveryId)).toContain(waiting?.deliveryId)
      const created_ = accepted.find((one) => one.event === 'prospect.created')
      expect(created_?.body).toMatchObject({
        type: 'prospect.created',
        prospect: {
          slug: 'hook-harbour-optics',
          company: 'Harbour Optics Hookton',
          contact_name: 'Nadia Brook',
          owner_name: 'admin@example.com',
          page_url: 'https://demo.example.com/hook-harbour-optics',
          rep_url: 'https://demo.example.com/_/prospects/hook-harbour-optics',
        },
      })
      expect(accepted.find((one) => one.event === 'prospect.booked')?.body.details).toMatchObject({
        where: 'scheduler',
        startTime: '2027-01-05T10:00:00Z',
      })

      // "Send again": the same event, a new delivery.
      const booked = log.deliveries.find((line) => line.event === 'booked')
      const again = await reps.request(`/webhooks/${created.webhook.id}/deliveries/${booked?.id}/resend`, {
        method: 'POST',
        session: admin,
      })
      expect(again.status).toBe(202)
      expect(await drain()).toMatchObject({ delivered: 1 })
      const last = receiver.received.at(-1)
      expect(last?.signatureValid).toBe(true)
      expect(last?.body.id).toBe(accepted.find((one) => one.event === 'prospect.booked')?.body.id)
      expect(last?.deliveryId).not.toBe(booked?.deliveryId)

      // "Send a test", whatever events it wants.
      expect(
        (await reps.request(`/webhooks/${created.webhook.id}/test`, { method: 'POST', session: admin }))
          .status,
      ).toBe(202)
      expect(await drain()).toMatchObject({ delivered: 1 })
      expect(receiver.received.at(-1)).toMatchObject({
        event: 'webhook.test',
        signatureValid: true,
        answered: 200,
      })

      // Turned off: nothing more is queued for it.
      expect((await setEnabled(created.webhook.id, false)).status).toBe(200)
      await createProspect('hook-quiet-bakery', 'Quiet Bakery Hookton')
      expect(await drain()).toMatchObject({ delivered: 0, retried: 0, failed: 0 })
      expect(
        (await reps.request(`/webhooks/${created.webhook.id}`, { method: 'DELETE', session: admin })).status,
      ).toBe(204)
    } finally {
      exempt.delete(receiver.hostPort)
      await receiver.close()
    }
  })

  it('stops trying a receiver that hangs, in words, and delivers to another meanwhile', async () => {
    let hangSecret = ''
    let goodSecret = ''
    const hung = await startReceiver(
      () => hangSecret,
      () => 'hang',
    )
    const good = await startReceiver(
      () => goodSecret,
      () => 200,
    )
    exempt.add(hung.hostPort)
    exempt.add(good.hostPort)
    try {
      const slow = await addWebhook(`${hung.url}/hook`, ['opened'])
      hangSecret = slow.secret
      const quick = await addWebhook(`${good.url}/hook`, ['opened'])
      goodSecret = quick.secret
      await createProspect('hook-lantern-dental', 'Lantern Dental Hookton')
      const rows = createActivityRows(backend.db, reps.clock.now)
      await rows.event('hook-lantern-dental', 'page_opened', { hoursAgo: 0 })

      // One drain: the good receiver has its delivery while the other still holds its request open.
      let heldWhileGoodArrived: number | null = null
      const goodArrived = new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (good.received.length > 0) {
            heldWhileGoodArrived =
              hung.received.length - hung.hanging.filter((res) => res.writableEnded).length
            clearInterval(check)
            resolve()
          }
        }, 5)
      })
      expect(await drain()).toMatchObject({ delivered: 1, retried: 1 })
      await goodArrived
      expect(heldWhileGoodArrived).toBe(1)
      expect(good.received).toMatchObject([{ event: 'prospect.opened', signatureValid: true, answered: 200 }])

      let log = await logOf(slow.webhook.id)
      expect(log.deliveries[0]).toMatchObject({
        state: 'waiting',
        attempts: 1,
        status: null,
        error: 'The receiver did not answer within 0.3 s',
      })
      // Each later try when due, an hour apart at most, until the last one.
      for (let tries = 2; tries <= MAX_ATTEMPTS; tries++) {
        reps.clock.advance(3600)
        await drain()
      }
      log = await logOf(slow.webhook.id)
      expect(log.maxAttempts).toBe(MAX_ATTEMPTS)
      expect(log.deliveries[0]).toMatchObject({
        state: 'failed',
        attempts: MAX_ATTEMPTS,
        nextAttemptAt: null,
        error: `Given up after ${MAX_ATTEMPTS} tries: The receiver did not answer within 0.3 s`,
      })
      expect(hung.received).toHaveLength(MAX_ATTEMPTS)
      reps.clock.advance(3600)
      expect(await drain()).toMatchObject({ delivered: 0, retried: 0, failed: 0, nextAt: null })
      expect(logged.some((line) => line.includes('was given up'))).toBe(true)
      for (const id of [slow.webhook.id, quick.webhook.id]) {
        await reps.request(`/webhooks/${id}`, { method: 'DELETE', session: admin })
      }
    } finally {
      for (const res of hung.hanging) res.destroy()
      exempt.delete(hung.hostPort)
      exempt.delete(good.hostPort)
      await hung.close()
      await good.close()
    }
  })

  it('refuses an address on a private network when saved and when sent', async () => {
    for (const url of [
      'https://10.0.0.5/hook',
      'https://[::1]/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://inside.example/hook',
      'https://[::ffff:127.0.0.1]/hook',
    ]) {
      const res = await reps.request('/webhooks', {
        method: 'POST',
        session: admin,
        body: JSON.stringify({ url, events: ['opened'] }),
      })
      expect(res.status, url).toBe(400)
      expect(((await res.json()) as { error: { message: string } }).error.message, url).toMatch(
        /private network/,
      )
    }
    // Loopback over http, not exempt: refused too (https only, and then loopback).
    const plain = await reps.request('/webhooks', {
      method: 'POST',
      session: admin,
      body: JSON.stringify({ url: 'http://127.0.0.1:9/hook', events: ['opened'] }),
    })
    expect(plain.status).toBe(400)

    // A name that pointed outside when saved and inside when sent (written here as the database
    // would hold it): refused at the try, given up at once, nothing connected.
    const row = await callFunction(backend.db, 'create_outgoing_webhook', {
      url: 'https://inside.example/hook',
      events: ['prospect_created'],
      secret: `whsec_${'a'.repeat(43)}`,
      rep_id: admin.rep.id,
      at: reps.clock.now().toISOString(),
    })
    await createProspect('hook-ember-cafe', 'Ember Cafe Hookton')
    expect(await drain()).toMatchObject({ delivered: 0, retried: 0, failed: 1 })
    const log = await logOf(row.id)
    expect(log.deliveries[0]).toMatchObject({
      state: 'failed',
      attempts: 1,
      error:
        'Given up after 1 try: Not sent: that address is on a private network: webhooks only go to the internet',
    })
    await reps.request(`/webhooks/${row.id}`, { method: 'DELETE', session: admin })
  })

  it('is for admins only', async () => {
    const list = await reps.request('/webhooks', { session: rep })
    expect(list.status).toBe(403)
    expect(((await list.json()) as { error: { message: string } }).error.message).toBe(
      'Only an admin can manage webhooks.',
    )
    const add = await reps.request('/webhooks', {
      method: 'POST',
      session: rep,
      body: JSON.stringify({ url: 'https://hooks.example.com/x', events: ['opened'] }),
    })
    expect(add.status).toBe(403)
    expect((await reps.request('/webhooks')).status).toBe(401)
  })
})

describe('a server that stops mid-send', () => {
  it('leaves its deliveries to no one until their lease ends or the next start frees them', async () => {
    const row = await callFunction(backend.db, 'create_outgoing_webhook', {
      url: 'https://hooks.example.com/lease',
      events: ['prospect_created'],
      secret: `whsec_${'b'.repeat(43)}`,
      rep_id: admin.rep.id,
      at: reps.clock.now().toISOString(),
    })
    await createProspect('hook-lease-joinery', 'Lease Joinery Hookton')
    const claim = (at: Date) =>
      callFunction(backend.db, 'claim_webhook_deliveries', {
        max_rows: 20,
        per_webhook: 4,
        lease_seconds: 65,
        at: at.toISOString(),
      })
    // One server claims it and dies before recording the answer.
    const first = await claim(reps.clock.now())
    expect(first.deliveries.map((one) => one.webhook_id)).toEqual([row.id])
    // Another server, meanwhile: nothing to send, told when the lease ends.
    const second = await claim(reps.clock.now())
    expect(second.deliveries).toEqual([])
    expect(new Date(second.next_at ?? 0).getTime()).toBe(reps.clock.now().getTime() + 65_000)
    // The embedded database's server, starting again, frees it: the same delivery, the same id.
    expect(await callFunction(backend.db, 'release_webhook_leases', {})).toBe(1)
    const again = await claim(reps.clock.now())
    expect(again.deliveries.map((one) => one.delivery_id)).toEqual(
      first.deliveries.map((one) => one.delivery_id),
    )
    await callFunction(backend.db, 'delete_outgoing_webhook', { id: row.id })
  })
})
