import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { OPEN_VISIBLE_MS } from '#core/engagement.ts'
import { getVisitId } from '#core/engagement-visit.ts'
import { defineVoiceDemo } from '../embed.ts'
import { fakeBeacon, leavePage, showPage } from '../testing/fake-beacon.ts'
import { FAKE_VISIT_TOKEN, stubFetch } from '../testing/fake-fetch.ts'
import { createFakeVoiceClient } from '../testing/fake-voice-client.ts'
import { answerPhoneCallWith, closePhoneDialogs, openPhoneDialog } from '../testing/open-phone-dialog.tsx'
import { getByRole, waitFor } from '../testing/queries.ts'
import { connectTo, flush, loadedStore } from '../testing/test-demo-store.ts'
import { dismissToast } from '../toast/page-toast.ts'
import { loadToasts } from '../toast/toasts.ts'
import { createVideoCall } from '../video/call/video-call.tsx'
import { loadEngagement, reportEngagement } from './report-engagement.ts'

const API = 'https://api.example.com'
let beacon: ReturnType<typeof fakeBeacon>
let fetch: ReturnType<typeof stubFetch>

beforeAll(async () => {
  defineVoiceDemo()
  // As after the panel's first idle moment: the chunk is here, and events go to the reporter at once.
  await Promise.all([loadEngagement(), loadToasts()])
})
beforeEach(() => {
  sessionStorage.clear()
  fetch = stubFetch()
  beacon = fakeBeacon()
})
afterEach(() => {
  leavePage() // nothing a test queued is left for the next
  showPage()
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  beacon.restore()
  closePhoneDialogs()
  dismissToast()
  document.body.innerHTML = ''
})

/** A `<voice-demo>` with `attributes`, on the page. */
function mount(attributes: Record<string, string>): HTMLElement {
  const element = document.createElement('voice-demo')
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  document.body.append(element)
  return element
}

/** What the reporter sends when the page is left now, for `slug`. */
function sentOnLeaving(slug: string) {
  leavePage()
  showPage()
  return beacon.events(slug)
}

/**
 * The same, without opens: a panel of another test file may have counted one for the same prospect
 * a moment ago (the test files may share one window), and an open's rule has tests of its own.
 */
const sentBesideOpens = (slug: string) => sentOnLeaving(slug).filter((event) => event.name !== 'page_opened')

describe('page_opened from <voice-demo>', () => {
  it("sends the visit token the prospect's answer carried with the events about that prospect", async () => {
    vi.useFakeTimers()
    mount({ slug: 'harbor-realty', 'api-base': API })
    await vi.advanceTimersByTimeAsync(OPEN_VISIBLE_MS)
    leavePage()
    showPage()
    const sent = beacon.batches.find(({ batch }) =>
      batch.events.some((event) => event.slug === 'harbor-realty'),
    )
    expect(sent?.batch.tokens).toEqual({ 'harbor-realty': FAKE_VISIT_TOKEN })
  })

  it("reports the panel's prospect once the page has been visible for 3 s, from a partner's page", async () => {
    vi.useFakeTimers()
    mount({ slug: 'acme-plumbing', 'api-base': API })
    await vi.advanceTimersByTimeAsync(OPEN_VISIBLE_MS - 1)
    expect(sentOnLeaving('acme-plumbing')).toEqual([])

    await vi.advanceTimersByTimeAsync(1)
    expect(sentOnLeaving('acme-plumbing')).toEqual([
      { name: 'page_opened', slug: 'acme-plumbing', surface: 'embed', origin: location.origin },
    ])
    const sent = beacon.batches.find(({ batch }) =>
      batch.events.some((event) => event.slug === 'acme-plumbing'),
    )
    expect(sent?.url).toBe(`${API}/api/events`)
    expect(sent?.batch.visit).toBe(getVisitId())
  })

  it("says 'site' where the page is on the API's own origin, as our prospect pages are", async () => {
    vi.useFakeTimers()
    mount({ slug: 'acme-dental', 'api-base': location.origin })
    await vi.advanceTimersByTimeAsync(OPEN_VISIBLE_MS)
    expect(sentOnLeaving('acme-dental')).toEqual([
      { name: 'page_opened', slug: 'acme-dental', surface: 'site', origin: location.origin },
    ])
  })

  it('reports one open for two panels of the same prospect on a page', async () => {
    vi.useFakeTimers()
    mount({ slug: 'acme-realty', 'api-base': API })
    mount({ slug: 'acme-realty', 'api-base': API })
    await vi.advanceTimersByTimeAsync(OPEN_VISIBLE_MS * 2)
    expect(sentOnLeaving('acme-realty').map((event) => event.name)).toEqual(['page_opened'])
  })

  it('reports nothing for the general demo (no slug: the fallback prospect)', async () => {
    vi.useFakeTimers()
    mount({ 'api-base': API })
    await vi.advanceTimersByTimeAsync(OPEN_VISIBLE_MS * 2)
    expect(sentOnLeaving('visitor')).toEqual([])
  })
})

describe('the browser call', () => {
  /** A loaded store whose call runs over a fake voice client, reporting through the real reporter. */
  async function reportingCall(slug: string) {
    const fake = createFakeVoiceClient()
    const { chunk } = connectTo(fake.client)
    const store = await loadedStore({ call: chunk, report: reportEngagement }, {}, slug)
    const start = async () => {
      store.getState().startCall()
      await flush()
    }
    return { ...fake, store, start }
  }
  const callEvents = sentBesideOpens

  it('reports demo_call_started once live and demo_call_ended with the seconds it was live', async () => {
    const { emit, store, start } = await reportingCall('bright-smile-dental')
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000)
    await start()
    expect(callEvents('bright-smile-dental')).toEqual([]) // connecting is not a call yet
    emit('call-start')
    now.mockReturnValue(1_042_400)
    store.getState().stopCall()
    emit('call-end')
    expect(callEvents('bright-smile-dental')).toEqual([
      { name: 'demo_call_started', slug: 'bright-smile-dental' },
      { name: 'demo_call_ended', slug: 'bright-smile-dental', seconds: 42 },
    ])
  })

  it('reports the end of a call that failed while live, and of one whose element left the page', async () => {
    const failing = await reportingCall('harbor-realty')
    const removed = await reportingCall('bright-smile-dental')
    await failing.start()
    await removed.start()
    const now = vi.spyOn(Date, 'now').mockReturnValue(2_000_000)
    failing.emit('call-start')
    removed.emit('call-start')
    now.mockReturnValue(2_007_000)
    failing.emit('error', new Error('network'))
    now.mockReturnValue(2_010_000)
    removed.store.getState().dispose()

    expect(callEvents('harbor-realty')).toEqual([
      { name: 'demo_call_started', slug: 'harbor-realty' },
      { name: 'demo_call_ended', slug: 'harbor-realty', seconds: 7 },
    ])
    expect(callEvents('bright-smile-dental')).toEqual([
      { name: 'demo_call_started', slug: 'bright-smile-dental' },
      { name: 'demo_call_ended', slug: 'bright-smile-dental', seconds: 10 },
    ])
  })

  it('reports nothing for a call that never went live', async () => {
    const { client, store, start } = await reportingCall('harbor-realty')
    client.start.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'))
    await start()
    await waitFor(() => expect(store.getState().call).toBe('idle'))
    expect(callEvents('harbor-realty')).toEqual([])
  })
})

describe("'Call Me'", () => {
  const cases = [
    { outcome: 'placed', answer: () => Response.json({ callId: 'call-1', number: '+15551234567' }) },
    {
      outcome: 'refused',
      answer: () =>
        Response.json(
          { error: { code: 'rate_limited', message: 'Too many call requests. Please try again later.' } },
          { status: 429 },
        ),
    },
    {
      outcome: 'failed',
      answer: () =>
        Response.json(
          { error: { code: 'unavailable', message: 'Something went wrong on our side. Please try again.' } },
          { status: 503 },
        ),
    },
    { outcome: 'failed', answer: () => Promise.reject(new TypeError('Failed to fetch')) },
  ] as const

  for (const { outcome, answer } of cases) {
    it(`reports phone_call_requested '${outcome}' when the request ends that way`, async () => {
      answerPhoneCallWith(fetch, answer)
      const { dialog, submit, type } = await openPhoneDialog({ report: reportEngagement })
      await type('(555) 123-4567')
      await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false))
      submit().click()
      await waitFor(() => expect(sentBesideOpens('bright-smile-dental')).toHaveLength(1))
      expect(sentBesideOpens('bright-smile-dental')).toEqual([
        { name: 'phone_call_requested', slug: 'bright-smile-dental', outcome },
      ])
      // Settled: the dialog's button reads 'Call Me' again.
      await waitFor(() => expect(dialog.querySelector('button[type="submit"]')?.textContent).toBe('Call Me'))
    })
  }

  it('reports nothing for a number the dialog refuses before asking the server', async () => {
    const { dialog, submit, type } = await openPhoneDialog({ report: reportEngagement })
    await type('12345')
    submit().click()
    await waitFor(() => expect(getByRole(dialog, 'alert').textContent).toContain('Invalid Phone Number'))
    expect(sentBesideOpens('bright-smile-dental')).toEqual([])
  })
})

describe('the video call', () => {
  /** A `<voice-video-call>` stand-in whose call is the real lazy entry, over the faked network. */
  function videoCall(attributes: Record<string, string>) {
    fetch.mockImplementation(async (input) => {
      const path = new URL(String(input)).pathname
      if (path.endsWith('/end')) return Response.json({ conversationId: 'c-1', alreadyEnded: false })
      return Response.json({ conversationId: 'c-1', conversationUrl: null, maxDurationSeconds: 300 })
    })
    const host = document.createElement('div')
    for (const [name, value] of Object.entries(attributes)) host.setAttribute(name, value)
    document.body.append(host)
    let status = 'idle'
    const call = createVideoCall(host, (view) => (status = view.status))
    return { call, status: () => status }
  }

  it('reports video_call_started once active and video_call_ended with its seconds, also when the page is left', async () => {
    const { call, status } = videoCall({ slug: 'harbor-realty', 'api-base': API })
    const now = vi.spyOn(Date, 'now').mockReturnValue(5_000_000)
    call.start()
    await waitFor(() => expect(status()).toBe('active'))
    now.mockReturnValue(5_065_000)
    leavePage() // the call ends by beacon, and its event leaves with it
    expect(beacon.events('harbor-realty').filter((event) => event.name !== 'page_opened')).toEqual([
      { name: 'video_call_started', slug: 'harbor-realty' },
      { name: 'video_call_ended', slug: 'harbor-realty', seconds: 65 },
    ])
    call.dispose()
  })

  it('reports nothing for a video call without a prospect', async () => {
    const { call, status } = videoCall({ 'api-base': API })
    call.start()
    await waitFor(() => expect(status()).toBe('active'))
    call.dispose()
    leavePage()
    expect(beacon.events().filter((event) => event.name !== 'page_opened')).toEqual([])
  })
})
