import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DemoAction } from '#core/demo-actions.ts'
import { testStore } from '../testing/test-demo-store.ts'
import { followCall } from './follow-call.tsx'
import { AFTER_CALL_MS } from './watch-demo-actions.ts'

/** Stands in for the browser's EventSource: records what was opened, and lets a test send events. */
class FakeEventSource {
  static readonly CLOSED = 2
  static opened: FakeEventSource[] = []
  closed = false
  readyState = 1
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>()
  readonly url: string
  constructor(url: string | URL) {
    this.url = String(url)
    FakeEventSource.opened.push(this)
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  close() {
    this.closed = true
    this.readyState = FakeEventSource.CLOSED
  }
  /** The server answered with an error: the browser gives the stream up. */
  fail() {
    this.readyState = FakeEventSource.CLOSED
    for (const listener of this.listeners.get('error') ?? []) listener(new MessageEvent('error'))
  }
  send(action: DemoAction | string) {
    const data = typeof action === 'string' ? action : JSON.stringify(action)
    for (const listener of this.listeners.get('action') ?? []) listener(new MessageEvent('action', { data }))
  }
}

const booked: DemoAction = {
  kind: 'booked',
  id: '11',
  at: '2026-11-30T15:00:00.000Z',
  appointment: {
    reference: 'B-4821',
    start: '2026-12-01T09:30',
    minutes: 30,
    name: 'Jane Doe',
    reason: 'check-up',
  },
}
const message: DemoAction = {
  kind: 'message',
  id: '12',
  at: '2026-11-30T15:00:05.000Z',
  message: { name: 'Jane Doe', phone: '555 0100', text: 'Please call about my crown.', urgent: true },
}
const handedOver: DemoAction = {
  kind: 'handed_over',
  id: '13',
  at: '2026-11-30T15:00:09.000Z',
  handOver: { to: 'the front desk', reason: 'Wants to talk about a bill' },
}

const CALL = {
  apiBase: 'https://api.example',
  slug: 'bright-smile-dental',
  visitId: 'visit-0123456789abcdef',
  callId: 'call-7',
  companyName: 'Bright Smile Dental',
}

beforeEach(() => {
  FakeEventSource.opened = []
  vi.stubGlobal('EventSource', FakeEventSource)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('following a call', () => {
  it("opens the call's stream for its prospect and visit, and keeps each action once, in order", () => {
    const store = testStore()
    followCall(store, CALL)
    const [source] = FakeEventSource.opened
    expect(source?.url).toBe(
      'https://api.example/api/demo-actions?call=call-7&slug=bright-smile-dental&visit=visit-0123456789abcdef',
    )
    source?.send(booked)
    source?.send(message)
    source?.send(booked) // a reconnect sends it again
    source?.send('not json')
    source?.send('{"kind":"deleted_everything","id":"99"}')
    source?.send('{"kind":"booked"}')
    expect(store.getState().demoActions?.map((action) => action.id)).toEqual(['11', '12'])
  })

  it("adds a later call's actions to the visit's, and stops listening a while after a browser call ends", () => {
    vi.useFakeTimers()
    const store = testStore()
    followCall(store, CALL)
    FakeEventSource.opened[0]?.send(booked)
    store.setState({ call: 'connected' })
    followCall(store, { ...CALL, callId: 'call-8' })
    const second = FakeEventSource.opened[1]
    second?.send(handedOver)
    expect(store.getState().demoActions?.map((action) => action.kind)).toEqual(['booked', 'handed_over'])
    store.setState({ call: 'idle' })
    vi.advanceTimersByTime(AFTER_CALL_MS - 1)
    expect(second?.closed).toBe(false)
    vi.advanceTimersByTime(1)
    expect(second?.closed).toBe(true)
    // What was shown stays.
    expect(store.getState().demoActions).toHaveLength(2)
  })

  it('opens the stream again a little later when the server answered it with an error', () => {
    vi.useFakeTimers()
    const store = testStore()
    const stop = followCall(store, CALL)
    FakeEventSource.opened[0]?.fail()
    expect(FakeEventSource.opened).toHaveLength(1)
    vi.advanceTimersByTime(3000)
    expect(FakeEventSource.opened).toHaveLength(2)
    FakeEventSource.opened[1]?.send(booked)
    expect(store.getState().demoActions).toHaveLength(1)
    stop()
    FakeEventSource.opened[1]?.fail()
    vi.advanceTimersByTime(3000)
    expect(FakeEventSource.opened).toHaveLength(2)
  })

  it('leaves out the visit for a call without one, and stops at once when told', () => {
    const stop = followCall(testStore(), { ...CALL, visitId: null })
    expect(FakeEventSource.opened[0]?.url).toBe(
      'https://api.example/api/demo-actions?call=call-7&slug=bright-smile-dental',
    )
    stop()
    expect(FakeEventSource.opened[0]?.closed).toBe(true)
  })
})

describe('what the page shows', () => {
  it('shows a booking as a calendar card, a message as the text the team gets, and a hand-over, each in words for screen readers', () => {
    const element = document.createElement('div')
    document.body.append(element)
    // As in the widget: the panel in the element's shadow root, the list in a box after it.
    const root = element.attachShadow({ mode: 'open' })
    const panel = document.createElement('section')
    panel.dataset.theme = 'dark'
    root.append(panel)
    const store = testStore({ owner: element })
    followCall(store, CALL)
    for (const action of [booked, message, handedOver]) FakeEventSource.opened[0]?.send(action)
    const box = root.lastElementChild as HTMLElement
    expect(box).not.toBe(panel)
    expect(box.dataset.theme).toBe('dark')
    expect(root.adoptedStyleSheets.length).toBeGreaterThan(0)
    expect(box.querySelector('[role="log"]')?.getAttribute('aria-label')).toBe(
      'What the agent did for Bright Smile Dental',
    )
    const items = [...box.querySelectorAll('li')]
    expect(items.map((item) => item.querySelector('.sr-only')?.textContent)).toEqual([
      'Booked a demo appointment during the call: Tuesday, December 1 at 9:30 am, for Jane Doe',
      'Took a message for the team during the call (urgent), from Jane Doe',
      'Handed the call over to the front desk: Wants to talk about a bill',
    ])
    expect(items[0]?.textContent).toContain('Appointment booked')
    expect(items[0]?.textContent).toContain('Dec1')
    expect(items[0]?.textContent).toContain('Tuesday, December 1 at 9:30 am · 30 min')
    expect(items[0]?.textContent).toContain('Ref. B-4821')
    expect(items[1]?.textContent).toContain('Text message to Bright Smile Dental')
    expect(items[1]?.textContent).toContain('Jane Doe (555 0100): Please call about my crown.')
    expect(items[1]?.textContent).toContain('Urgent')
    expect(items[2]?.textContent).toContain(
      'Would put the caller through to the front desk: Wants to talk about a bill',
    )
    element.remove()
  })
})
