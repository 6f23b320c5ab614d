import type { Hono } from 'hono'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_ACTIONS_PATH, type DemoAction } from '#core/demo-actions.ts'
import { createApp } from '../app.ts'
import { postServerMessage, TEST_WEBHOOK_SECRET } from '../testing/nudge-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { TOOL_WORDS } from './answer-tool-calls.ts'

/**
 * The demo agent's tools as the voice platform calls them: `tool-calls` messages on the webhook,
 * answered with words, kept once, and streamed to the page of the call's prospect and visit.
 */

let backend: TestBackend
let app: Hono
// Monday 30 November 2026, 10:00 in New York: the seeded dental practice opens 8 am to 6 pm.
let now = new Date('2026-11-30T15:00:00Z')
beforeAll(async () => {
  backend = await createTestBackend()
  app = createApp({
    ...backend.deps,
    vapiWebhookSecret: TEST_WEBHOOK_SECRET,
    demo: { timeZone: 'America/New_York', now: () => now },
  })
})
afterAll(() => backend.db.close())
beforeEach(async () => {
  await backend.db.exec('delete from public.demo_appointments; delete from public.demo_calls')
  backend.errors.length = 0
  now = new Date('2026-11-30T15:00:00Z')
})

const VISIT = 'visit-0123456789abcdef'
let toolCallIds = 0
interface Call {
  id: string
  slug?: string
  visit?: string | null
}
const toolCalls = (
  { id, slug = 'bright-smile-dental', visit = VISIT }: Call,
  calls: [string, object, (string | undefined)?][],
) => ({
  message: {
    type: 'tool-calls',
    call: {
      id,
      type: 'webCall',
      assistantOverrides: { metadata: { prospectSlug: slug, visitId: visit, source: 'browser' } },
    },
    toolCallList: calls.map(([name, args, callId]) => ({
      id: callId ?? `tool-${++toolCallIds}`,
      type: 'function',
      function: { name, arguments: args },
    })),
  },
})

async function askNow(call: Call, name: string, args: object, toolCallId?: string): Promise<string> {
  const res = await postServerMessage(app, toolCalls(call, [[name, args, toolCallId]]))
  expect(res.status).toBe(200)
  const body = (await res.json()) as { results: { toolCallId: string; result: string }[] }
  expect(body.results).toHaveLength(1)
  return body.results[0]?.result ?? ''
}

const ask = askNow

/** The first free time the agent is offered, as the tool wants it. */
async function firstFreeTime(call: Call): Promise<string> {
  const answer = await askNow(call, 'check_availability', {})
  const match = /\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2})\)/.exec(answer)
  if (!match?.[1]) throw new Error(`no free time in: ${answer}`)
  return match[1]
}

const countActions = async () =>
  (await backend.db.query<{ n: number }>('select count(*)::int as n from public.demo_actions')).rows[0]?.n

async function readStream(call: Call, until: (actions: DemoAction[]) => boolean): Promise<DemoAction[]> {
  const params = new URLSearchParams({
    call: call.id,
    slug: call.slug ?? 'bright-smile-dental',
    visit: call.visit ?? VISIT,
  })
  const abort = new AbortController()
  const res = await app.request(`${DEMO_ACTIONS_PATH}?${params}`, { signal: abort.signal })
  expect(res.headers.get('Content-Type')).toMatch(/^text\/event-stream/)
  const reader = (res.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  const actions: DemoAction[] = []
  let text = ''
  while (!until(actions)) {
    const { value, done } = await reader.read()
    if (done) break
    text += decoder.decode(value, { stream: true })
    const events = text.split('\n\n')
    text = events.pop() ?? ''
    for (const event of events) {
      const data = /^data: (.*)$/m.exec(event)?.[1]
      if (data) actions.push(JSON.parse(data) as DemoAction)
    }
  }
  abort.abort()
  await reader.cancel().catch(() => {})
  return actions
}

describe('the demo calendar, through the tools', () => {
  it('offers free times with today’s date, books one, moves it and cancels it, each said back', async () => {
    const call = { id: 'call-book-1' }
    // A conversation: a tool call every few seconds, as a caller answers.
    const ask = (...args: Parameters<typeof askNow>) => {
      now = new Date(now.getTime() + 3000)
      return askNow(...args)
    }
    const firstFreeTime = async (c: Call) =>
      /\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2})\)/.exec(await ask(c, 'check_availability', {}))?.[1] as string
    const availability = await ask(call, 'check_availability', { date: '2026-12-01' })
    expect(availability).toMatch(/^Today is Monday, November 30\. Free times: Tuesday, December 1: /)
    const start = await firstFreeTime(call)
    const booked = await ask(call, 'book_appointment', {
      start,
      name: 'Jane Doe',
      phone: '555 0100',
      reason: 'check-up',
    })
    expect(booked).toMatch(
      /^Booked for Jane Doe on \w+day, \w+ \d+ at \d+:\d\d [ap]m\. The booking reference is B-\d{4}\.$/,
    )
    const reference = /B-\d{4}/.exec(booked)?.[0] as string
    // The time is no longer offered, and cannot be booked twice.
    expect(await ask(call, 'check_availability', { date: start.slice(0, 10) })).not.toContain(`(${start})`)
    expect(await ask(call, 'book_appointment', { start, name: 'John Roe' })).toMatch(
      /^That time is already booked\./,
    )

    const later = (await ask(call, 'check_availability', { date: '2026-12-03' })).match(
      /\((2026-12-03T\d\d:\d\d)\)/,
    )?.[1] as string
    expect(await ask(call, 'move_appointment', { reference, start: later })).toMatch(
      new RegExp(`^Moved ${reference} to Thursday, December 3 at \\d+:\\d\\d [ap]m\\.$`),
    )
    expect(await ask(call, 'cancel_appointment', { reference: 'Jane Doe' })).toMatch(
      new RegExp(`^Cancelled ${reference}, Thursday`),
    )
    expect(await ask(call, 'cancel_appointment', { reference: 'B-0000' })).toMatch(/cannot find that booking/)

    const timeline = await (
      await backend.deps.db.query<{ kind: string }>(
        `select a.kind from public.demo_actions a where a.call_id = $1 and a.kind is not null order by a.id`,
        [call.id],
      )
    ).rows.map((row) => row.kind)
    expect(timeline).toEqual(['booked', 'moved', 'cancelled'])
  })

  it('refuses a time outside the hours, in the past, off the grid or far ahead, offering the nearest free times', async () => {
    const call = { id: 'call-refuse-1' }
    for (const [start, words] of [
      ['2026-12-01T19:00', 'The business is not open then.'],
      ['2026-12-06T10:00', 'The business is not open then.'],
      ['2026-11-30T09:00', 'That time has already passed.'],
      ['2026-11-20T10:00', 'That time has already passed.'],
      ['2026-12-01T10:10', 'Appointments start on the calendar’s fixed times.'],
      ['2027-03-01T10:00', 'The calendar only goes two weeks ahead.'],
      ['next Tuesday', 'I need the day and time as a date and a clock time.'],
    ] as const) {
      const answer = await ask(call, 'book_appointment', { start, name: 'Jane Doe' })
      expect(answer, start).toMatch(
        new RegExp(`^${words} Today is Monday, November 30\\. The nearest free times are: `),
      )
    }
    expect(await ask(call, 'book_appointment', { start: '2026-12-01T10:00' })).toBe(
      'I need the caller’s name to book.',
    )
    expect(await countActions()).toBe(8)
    const kept = await backend.db.query('select 1 from public.demo_actions where kind is not null')
    expect(kept.rows).toHaveLength(0)
  })

  it('keeps one visit’s bookings apart from another’s', async () => {
    const start = await firstFreeTime({ id: 'call-visit-a' })
    await ask({ id: 'call-visit-a' }, 'book_appointment', { start, name: 'A' })
    const other = { id: 'call-visit-b', visit: 'visit-fedcba9876543210' }
    expect(await ask(other, 'book_appointment', { start, name: 'B' })).toMatch(/^Booked for B/)
  })
})

describe('messages and hand-overs', () => {
  it('passes a message to the team and says who a caller would be put through to', async () => {
    const call = { id: 'call-message-1' }
    expect(
      await ask(call, 'take_message', {
        name: 'Jane',
        phone: '555 0100',
        message: 'Please call about my crown.',
        urgent: true,
      }),
    ).toBe('The team at Bright Smile Dental has the message now, marked urgent.')
    expect(await ask(call, 'take_message', { name: 'Jane' })).toBe(
      'I need the caller’s name and what the message is about.',
    )
    expect(await ask(call, 'hand_over', { reason: 'Wants to talk about a bill' })).toBe(
      'This is a demo, so no one is put through. In the live product I would transfer the caller to the front desk at Bright Smile Dental now, telling them: Wants to talk about a bill',
    )
    const actions = await readStream(call, (list) => list.length >= 2)
    expect(actions.map((action) => action.kind)).toEqual(['message', 'handed_over'])
    expect(actions[0]).toMatchObject({
      kind: 'message',
      message: { name: 'Jane', phone: '555 0100', text: 'Please call about my crown.', urgent: true },
    })
    expect(actions[1]).toMatchObject({
      kind: 'handed_over',
      handOver: { to: 'the front desk', reason: 'Wants to talk about a bill' },
    })
  })
})

describe('bad input', () => {
  it('answers a replayed tool call with its first answer, storing nothing twice', async () => {
    const call = { id: 'call-replay-1' }
    const first = await ask(call, 'take_message', { name: 'Jane', message: 'Call me' }, 'tool-replayed')
    const again = await ask(
      call,
      'take_message',
      { name: 'Someone else', message: 'Different' },
      'tool-replayed',
    )
    expect(again).toBe(first)
    expect(await countActions()).toBe(1)
  })

  it('refuses a tool call naming another prospect or visit for a call it knows', async () => {
    await ask({ id: 'call-bound-1' }, 'check_availability', {})
    expect(
      await ask({ id: 'call-bound-1', slug: 'harbor-realty' }, 'take_message', { name: 'X', message: 'Y' }),
    ).toBe(TOOL_WORDS.otherProspect)
    expect(
      await ask({ id: 'call-bound-1', visit: 'visit-fedcba9876543210' }, 'take_message', {
        name: 'X',
        message: 'Y',
      }),
    ).toBe(TOOL_WORDS.otherProspect)
    expect(
      await ask({ id: 'call-unknown-1', slug: 'no-such-prospect' }, 'take_message', {
        name: 'X',
        message: 'Y',
      }),
    ).toBe(TOOL_WORDS.unlinked)
    expect(await countActions()).toBe(1)
  })

  it('refuses a forged tool call before reading it', async () => {
    const res = await postServerMessage(
      app,
      toolCalls({ id: 'call-forged' }, [['take_message', { name: 'X', message: 'Y' }]]),
      {
        'X-Vapi-Secret': `${TEST_WEBHOOK_SECRET.slice(0, -1)}X`,
      },
    )
    expect(res.status).toBe(401)
    expect(await countActions()).toBe(0)
  })

  it('answers twenty tool calls in a second with a few done and the rest asked to wait, nothing stored for those', async () => {
    const call = { id: 'call-burst-1' }
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ask(call, 'take_message', { name: `Caller ${i}`, message: 'Hello' }),
      ),
    )
    const done = answers.filter((answer) => answer.startsWith('The team at'))
    expect(done).toHaveLength(8)
    expect(answers.filter((answer) => answer === TOOL_WORDS.limited)).toHaveLength(12)
    expect(await countActions()).toBe(8)
    // Ten seconds on, the call may go on.
    now = new Date(now.getTime() + 10_000)
    expect(await ask(call, 'take_message', { name: 'Caller', message: 'Hello' })).toMatch(/^The team at/)
  })

  it('answers a tool it does not have, and a call without our metadata, with words', async () => {
    expect(await ask({ id: 'call-tools-1' }, 'delete_everything', {})).toBe(TOOL_WORDS.unknownTool)
    const res = await postServerMessage(app, {
      message: {
        type: 'tool-calls',
        call: { id: 'call-dashboard' },
        toolCallList: [
          { id: 'tool-dash', type: 'function', function: { name: 'hand_over', arguments: '{"reason":"x"}' } },
        ],
      },
    })
    expect(await res.json()).toEqual({ results: [{ toolCallId: 'tool-dash', result: TOOL_WORDS.unlinked }] })
  })
})

describe('the live stream', () => {
  it('sends the actions so far, then a new one as soon as it is kept, only to its own call, prospect and visit', async () => {
    const call = { id: 'call-stream-1' }
    await ask(call, 'take_message', { name: 'First', message: 'One' })
    const started = Date.now()
    const reading = readStream(call, (list) => list.length >= 2)
    await ask(call, 'hand_over', { reason: 'Two' })
    const actions = await reading
    expect(actions.map((action) => action.kind)).toEqual(['message', 'handed_over'])
    expect(Date.now() - started).toBeLessThan(1000)
    expect(Number(actions[1]?.id)).toBeGreaterThan(Number(actions[0]?.id))

    const strangers: Call[] = [
      { ...call, slug: 'harbor-realty' },
      { ...call, visit: 'visit-fedcba9876543210' },
    ]
    for (const stranger of strangers) {
      const params = new URLSearchParams({
        call: stranger.id,
        slug: stranger.slug ?? 'bright-smile-dental',
        visit: stranger.visit ?? VISIT,
      })
      const rows = await backend.db.query('select public.list_demo_actions($1, $2, $3, 0) as list', [
        params.get('call'),
        params.get('slug'),
        params.get('visit'),
      ])
      expect((rows.rows[0] as { list: unknown[] }).list).toEqual([])
    }
  })

  it('resumes after the last event id it was given', async () => {
    const call = { id: 'call-resume-1' }
    await ask(call, 'take_message', { name: 'First', message: 'One' })
    await ask(call, 'take_message', { name: 'Second', message: 'Two' })
    const [first] = await readStream(call, (list) => list.length >= 1)
    const params = new URLSearchParams({ call: call.id, slug: 'bright-smile-dental', visit: VISIT })
    const abort = new AbortController()
    const res = await app.request(`${DEMO_ACTIONS_PATH}?${params}`, {
      headers: { 'Last-Event-ID': String(first?.id) },
      signal: abort.signal,
    })
    const reader = (res.body as ReadableStream<Uint8Array>).getReader()
    const { value } = await reader.read()
    abort.abort()
    await reader.cancel().catch(() => {})
    expect(new TextDecoder().decode(value)).toContain('"name":"Second"')
    expect(new TextDecoder().decode(value)).not.toContain('"name":"First"')
  })

  it('ends a stream after its time in all, as the edge function needs, for the browser to reconnect', async () => {
    const short = createApp({
      ...backend.deps,
      vapiWebhookSecret: TEST_WEBHOOK_SECRET,
      demo: { streamMs: 300 },
    })
    const params = new URLSearchParams({ call: 'call-short-1', slug: 'bright-smile-dental', visit: VISIT })
    const res = await short.request(`${DEMO_ACTIONS_PATH}?${params}`)
    const started = Date.now()
    // The body ends by itself: reading it to the end resolves.
    await res.text()
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('refuses what is not a call of a page', async () => {
    for (const query of [
      'call=&slug=bright-smile-dental',
      'call=x&slug=Not A Slug',
      'call=x&slug=bright-smile-dental&visit=short',
    ]) {
      const res = await app.request(`${DEMO_ACTIONS_PATH}?${query}`)
      expect(res.status, query).toBe(400)
    }
  })
})
