import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import type { PasswordResetResponse, TeamLinkResponse, TeamResponse } from '#core/rep-api.ts'
import { callFunction } from '../data/database.ts'
import { describeMailCheck } from '../describe-services.ts'
import { makeProspectRow } from '../testing/prospect-fixture.ts'
import {
  createRepTestApp,
  importAsRep,
  type RepTestApp,
  TEST_PASSWORD,
  type TestSession,
} from '../testing/rep-test-app.ts'
import { type SmtpTestServer, startSmtpTestServer } from '../testing/smtp-test-server.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { createMailDrain } from './drain-mail.ts'
import { createMailQueue, type MailQueue } from './mail-queue.ts'
import type { MailConfig } from './mail-settings.ts'
import { createSmtpTransport, type SmtpTransport } from './smtp-transport.ts'
import { startMailDelivery } from './start-mail-delivery.ts'

const SITE = 'https://demo.example'
const silent = { error: () => {}, warn: () => {}, info: () => {}, log: () => {} }

let backend: TestBackend
let smtp: SmtpTestServer
let config: MailConfig
let queue: MailQueue
let transport: SmtpTransport
let reps: RepTestApp
let ann: TestSession
let drain: ReturnType<typeof createMailDrain>

beforeAll(async () => {
  backend = await createTestBackend()
  smtp = await startSmtpTestServer()
  config = { smtpUrl: smtp.url, fromAddress: 'team@callpilot.example', productName: 'CallPilot' }
  queue = createMailQueue(backend.deps.db, config, () => SITE)
  transport = createSmtpTransport(config)
  reps = createRepTestApp(backend, { mail: queue, siteUrl: SITE })
  // The tests drain by hand on the app's clock: a retry's backoff passes by moving the clock, not by waiting.
  drain = createMailDrain(backend.deps.db, transport, silent, reps.clock.now)
  await reps.addRep('ann@example.com', 'admin')
  ann = await reps.signIn('ann@example.com')
})
afterAll(async () => {
  transport.close()
  await smtp.close()
  await backend.db.close()
})
beforeEach(async () => {
  // Whatever an earlier test left waiting (a retry) goes out of the way: each test counts its own mail.
  await backend.deps.db.query('delete from public.mail_outbox')
  smtp.received.length = 0
})

const json = (path: string, method: string, body: unknown, session: TestSession | null = ann) =>
  reps.request(path, {
    method,
    session,
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  })
const tokenOf = (text: string) => /#token=([\w-]{43})/.exec(text)?.[1] ?? ''
const linkIn = (text: string) => /https:\/\/\S+#token=[\w-]{43}/.exec(text)?.[0] ?? ''

describe('an invitation by mail', () => {
  it('arrives as plain text from the product, with no pixel, and its link sets the password', async () => {
    const res = await json('/team', 'POST', { email: 'gil@example.com', role: 'rep' })
    expect(res.status).toBe(201)
    const answer = (await res.json()) as TeamLinkResponse
    expect(answer.emailedTo).toBe('gil@example.com')
    expect((await drain()).sent).toBe(1)
    const [mail] = await smtp.waitForCount(1)
    if (!mail) throw new Error('no mail')
    const { parsed } = mail
    expect(mail.envelopeTo).toEqual(['gil@example.com'])
    expect(parsed.from?.value).toEqual([{ name: 'CallPilot', address: 'team@callpilot.example' }])
    expect(parsed.subject).toBe('You are invited to CallPilot')
    expect(parsed.text).toContain('ann@example.com added you to the sales team on CallPilot.')
    // Plain text only: nothing that loads when opened, no link but the product's own.
    expect(parsed.html).toBe(false)
    expect(mail.raw).not.toMatch(/<img|src=/i)
    expect(linkIn(parsed.text ?? '')).toBe(answer.link.url)
    expect(parsed.messageId).toMatch(/^<[0-9a-f-]{36}@callpilot\.example>$/)

    const set = await json(
      '/password',
      'POST',
      { token: tokenOf(parsed.text ?? ''), password: TEST_PASSWORD },
      null,
    )
    expect(set.status).toBe(200)
    const team = (await (await reps.request('/team', { session: ann })).json()) as TeamResponse
    expect(team.mail).toBe(true)
    expect(team.members.find((one) => one.email === 'gil@example.com')?.linkMail).toMatchObject({
      to: 'gil@example.com',
      state: 'sent',
      error: null,
    })
  })

  it('is sent once to a server that refuses for a while (4xx), then accepts', async () => {
    smtp.refuseNext(2)
    const before = smtp.refusals()
    for (const email of ['hana@example.com', 'ivo@example.com']) {
      expect((await json('/team', 'POST', { email, role: 'rep' })).status).toBe(201)
    }
    expect(await drain()).toMatchObject({ sent: 0, retried: 2, failed: 0 })
    expect(smtp.refusals() - before).toBe(2)
    // Not due yet: a drain now sends nothing.
    expect(await drain()).toMatchObject({ sent: 0, retried: 0 })
    reps.clock.advance(31)
    expect(await drain()).toMatchObject({ sent: 2, retried: 0 })
    const mails = await smtp.waitForCount(2)
    expect(mails.map((one) => one.envelopeTo[0]).sort()).toEqual(['hana@example.com', 'ivo@example.com'])
    reps.clock.advance(3600)
    expect(await drain()).toMatchObject({ sent: 0, retried: 0, failed: 0 })
    expect(smtp.received).toHaveLength(2)
    expect(new Set(smtp.received.map((one) => one.parsed.messageId)).size).toBe(2)
  })

  it("shows a recipient the server rejects (5xx) as a failure in the server's words, and keeps the link", async () => {
    smtp.rejectRecipient('nobody@bounce.example')
    const res = await json('/team', 'POST', { email: 'nobody@bounce.example', role: 'rep' })
    const answer = (await res.json()) as TeamLinkResponse
    expect(answer.emailedTo).toBe('nobody@bounce.example')
    expect(await drain()).toMatchObject({ sent: 0, retried: 0, failed: 1 })
    const team = (await (await reps.request('/team', { session: ann })).json()) as TeamResponse
    const member = team.members.find((one) => one.email === 'nobody@bounce.example')
    expect(member?.linkMail?.state).toBe('failed')
    expect(member?.linkMail?.error).toMatch(/550 .*Recipient address rejected: User unknown/)
    // Failed for good: never tried again, and its link is no longer kept in the outbox.
    reps.clock.advance(3600)
    expect(await drain()).toMatchObject({ sent: 0, retried: 0, failed: 0 })
    const { rows } = await backend.deps.db.query<{ text_body: string }>(
      'select text_body from public.mail_outbox',
    )
    expect(rows).toEqual([{ text_body: '' }])
    expect(answer.link.url).toMatch(/#token=/)
  })

  it('emails a new link from the Team page, saying a reset ended the old password', async () => {
    const added = await reps.addRep('jo@example.com', 'rep', TEST_PASSWORD)
    const res = await json(`/team/${added.id}/link`, 'POST', {})
    expect(((await res.json()) as TeamLinkResponse).emailedTo).toBe('jo@example.com')
    await drain()
    const [mail] = await smtp.waitForCount(1)
    expect(mail?.parsed.subject).toBe('Your new CallPilot link')
    expect(mail?.parsed.text).toContain('reset your password on CallPilot')
  })
})

describe('"Forgot your password?"', () => {
  const ask = (email: string, address = '203.0.113.7') =>
    reps.request('/password-reset', {
      method: 'POST',
      body: JSON.stringify({ email }),
      headers: { 'Content-Type': 'application/json', 'x-test-client-address': address },
    })

  it('answers the same for any address, and emails a link that works once to a rep only', async () => {
    await reps.addRep('kim@example.com', 'rep', TEST_PASSWORD)
    const known = await ask(' Kim@Example.com ')
    const unknown = await ask('nobody-here@example.com')
    expect([known.status, unknown.status]).toEqual([202, 202])
    expect(await known.json()).toEqual({ mail: true } satisfies PasswordResetResponse)
    expect(await unknown.json()).toEqual({ mail: true })
    expect((await drain()).sent).toBe(1)
    const [mail] = await smtp.waitForCount(1)
    expect(mail?.envelopeTo).toEqual(['kim@example.com'])
    expect(mail?.parsed.subject).toBe('Reset your CallPilot password')
    const text = mail?.parsed.text ?? ''
    // The site's origin, never the request's Host.
    expect(linkIn(text).startsWith(`${SITE}/_/set-password#token=`)).toBe(true)
    // Asking locks nobody out: the old password works until the link is used.
    await reps.signIn('kim@example.com', TEST_PASSWORD)
    const set = await json(
      '/password',
      'POST',
      { token: tokenOf(text), password: 'a brand new password 1' },
      null,
    )
    expect(set.status).toBe(200)
    const again = await json(
      '/password',
      'POST',
      { token: tokenOf(text), password: 'another password 22' },
      null,
    )
    expect(again.status).toBe(400)
    await reps.signIn('kim@example.com', 'a brand new password 1')
  })

  it('expires its link after an hour', async () => {
    await reps.addRep('lea@example.com', 'rep', TEST_PASSWORD)
    await ask('lea@example.com', '203.0.113.8')
    await drain()
    const [mail] = await smtp.waitForCount(1)
    reps.clock.advance(3601)
    const set = await json(
      '/password',
      'POST',
      { token: tokenOf(mail?.parsed.text ?? ''), password: 'too late 1234567' },
      null,
    )
    expect(((await set.json()) as ErrorBody).error.code).toBe('link_expired')
  })

  it('is limited like sign-ins, per email', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await ask('max@example.com', `198.51.100.${i}`)).status)
    expect(statuses.slice(0, 10).every((status) => status === 202)).toBe(true)
    expect(statuses[10]).toBe(429)
  })
})

describe('nudges by email', () => {
  const nudge = async (slug: string, kind: string) => {
    const { rows } = await backend.deps.db.query<{ queued: boolean }>(
      `select public.enqueue_nudge(p.id, $2, 95, 360, $3, $4) as queued from public.prospects p where p.slug = $1`,
      [slug, kind, `${SITE}/_/prospects/${slug}`, reps.clock.now().toISOString()],
    )
    return rows[0]?.queued
  }
  const chatRows = async (slug: string) =>
    (
      await backend.deps.db.query<{ sent: boolean }>(
        `select o.sent_at is not null as sent from public.notification_outbox o
         join public.prospects p on p.id = o.prospect_id where p.slug = $1`,
        [slug],
      )
    ).rows

  it("reaches the owner's inbox as well as, or instead of, the team's chat, as the rep chose", async () => {
    const owner = await reps.addRep('nat@example.com', 'rep', TEST_PASSWORD)
    const nat = await reps.signIn('nat@example.com')
    expect(await (await reps.request('/profile/nudges', { session: nat })).json()).toEqual({
      choice: 'off',
      mail: true,
    })
    await importAsRep(
      backend.deps.db,
      [
        makeProspectRow({ slug: 'ruiz-plumbing', name: 'Ana Ruiz', company_name: 'Ruiz <Plumbing> & Sons' }),
        makeProspectRow({ slug: 'lee-dental', name: 'Kim Lee', company_name: 'Lee Dental' }),
      ],
      owner.id,
    )
    // Off: the chat alone, as before.
    expect(await nudge('lee-dental', 'opened')).toBe(true)
    expect(await drain()).toMatchObject({ sent: 0 })

    const also = await json('/profile/nudges', 'PUT', { choice: 'also' }, nat)
    expect(await also.json()).toEqual({ choice: 'also', mail: true })
    expect(await nudge('ruiz-plumbing', 'talked')).toBe(true)
    expect(await drain()).toMatchObject({ sent: 1 })
    const [mail] = await smtp.waitForCount(1)
    expect(mail?.envelopeTo).toEqual(['nat@example.com'])
    expect(mail?.parsed.subject).toBe(
      'Ana Ruiz (Ruiz <Plumbing> & Sons) talked to their agent for 1 min 35 s',
    )
    expect(mail?.parsed.text).toContain(`See their activity: ${SITE}/_/prospects/ruiz-plumbing`)
    expect(mail?.parsed.messageId).toMatch(/^<nudge-\d+@callpilot\.example>$/)
    expect(await chatRows('ruiz-plumbing')).toEqual([{ sent: false }])

    await json('/profile/nudges', 'PUT', { choice: 'only' }, nat)
    expect(await nudge('ruiz-plumbing', 'booked')).toBe(true)
    expect(await drain()).toMatchObject({ sent: 1 })
    await smtp.waitForCount(2)
    // The chat's row keeps the dedupe window, settled at once: the chat never gets it.
    expect(await chatRows('ruiz-plumbing')).toEqual(expect.arrayContaining([{ sent: true }, { sent: false }]))
    // Within the window, no second mail either.
    expect(await nudge('ruiz-plumbing', 'booked')).toBe(false)
  })

  it('reaches the inbox of a rep who chose email on a team without a chat, and leaves no chat nudge waiting', async () => {
    const owner = await reps.addRep('pia@example.com', 'rep', TEST_PASSWORD)
    const pia = await reps.signIn('pia@example.com')
    await json('/profile/nudges', 'PUT', { choice: 'also' }, pia)
    await importAsRep(
      backend.deps.db,
      [makeProspectRow({ slug: 'no-chat-bakery', name: 'Lou Park', company_name: 'No Chat Bakery' })],
      owner.id,
    )
    // What a server without NOTIFY_WEBHOOK_URL records at start.
    await callFunction(backend.deps.db, 'set_nudge_channels', { chat: false })
    try {
      expect(await nudge('no-chat-bakery', 'opened')).toBe(true)
      expect(await drain()).toMatchObject({ sent: 1 })
      const [mail] = await smtp.waitForCount(1)
      expect(mail?.envelopeTo).toEqual(['pia@example.com'])
      expect(mail?.parsed.subject).toBe('Lou Park (No Chat Bakery) opened their demo page')
      // Settled at once: a chat set up later is not flooded with old news.
      expect(await chatRows('no-chat-bakery')).toEqual([{ sent: true }])
    } finally {
      await callFunction(backend.deps.db, 'set_nudge_channels', { chat: true })
    }
  })

  it('cannot be chosen while mail is off', async () => {
    const app = createRepTestApp(backend)
    await app.addRep('oli@example.com', 'rep', TEST_PASSWORD)
    const oli = await app.signIn('oli@example.com')
    const res = await app.request('/profile/nudges', {
      method: 'PUT',
      session: oli,
      body: JSON.stringify({ choice: 'also' }),
      headers: { 'Content-Type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as ErrorBody).error.message).toMatch(/^Mail is not set up on this server/)
  })
})

describe('a wrong SMTP password or an unreachable server', () => {
  it('turns mail off with the reason at start, and the screens go back to passing links by hand', async () => {
    const wrong = { ...config, smtpUrl: smtp.urlWithPassword('not-the-password') }
    const offQueue = createMailQueue(backend.deps.db, wrong, () => SITE)
    const delivery = startMailDelivery({
      db: backend.deps.db,
      config: wrong,
      queue: offQueue,
      logger: silent,
      exclusive: false,
    })
    const problem = await delivery.checked
    expect(problem).toMatch(/^the SMTP server refused the user or password \(535 /)
    expect(describeMailCheck(problem)).toMatch(
      /^ {2}mail {10}off: the SMTP server refused the user or password/,
    )
    expect(offQueue.isOn()).toBe(false)
    const app = createRepTestApp(backend, { mail: offQueue, siteUrl: SITE })
    const admin = await app.signIn('ann@example.com')
    const res = await app.request('/team', {
      method: 'POST',
      session: admin,
      body: JSON.stringify({ email: 'nora@example.com', role: 'rep' }),
      headers: { 'Content-Type': 'application/json' },
    })
    expect(((await res.json()) as TeamLinkResponse).emailedTo).toBeNull()
    expect(((await (await app.request('/team', { session: admin })).json()) as TeamResponse).mail).toBe(false)
    expect(await (await app.request('/password-reset')).json()).toEqual({ mail: false })
    await delivery.stop()
  })

  it('says so when nothing answers at the address', async () => {
    const closed = await startSmtpTestServer()
    await closed.close()
    const away = { ...config, smtpUrl: closed.url }
    const delivery = startMailDelivery({
      db: backend.deps.db,
      config: away,
      queue: createMailQueue(backend.deps.db, away, () => SITE),
      logger: silent,
      exclusive: false,
    })
    expect(await delivery.checked).toMatch(
      /^the SMTP server could not be reached \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)$/,
    )
    await delivery.stop()
  })

  it('sends what was queued once the check passes, without a drain by hand', async () => {
    const liveQueue = createMailQueue(backend.deps.db, config, () => SITE)
    const delivery = startMailDelivery({
      db: backend.deps.db,
      config,
      queue: liveQueue,
      logger: silent,
      exclusive: true,
    })
    expect(await delivery.checked).toBeNull()
    await liveQueue.queue(
      { kind: 'nudge', repId: null, to: 'owner@example.com', subject: 'Hello', text: 'Plain words.' },
      new Date(),
    )
    const [mail] = await smtp.waitForCount(1)
    expect(mail?.parsed.text?.trim()).toBe('Plain words.')
    await delivery.stop()
  })
})
