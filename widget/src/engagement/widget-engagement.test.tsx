import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { OPEN_VISIBLE_MS } from '#core/engagement.ts'
import { getVisit } from '#core/engagement-visit.ts'
import { TEAM_BROWSER_COOKIE } from '#core/rep-api.ts'
import { defineVoiceDemo } from '../testing/define-elements.ts'
import { fakeBeacon, leavePage, showPage } from '../testing/fake-beacon.ts'
import { FAKE_VISIT_TOKEN, fakeVisitOf, stubFetch } from '../testing/fake-fetch.ts'
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

/** Lets the fake server's answers (promises) arrive. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => queueMicrotask(resolve))
}

/** What the reporter sends when the page is left now, for `slug`, once the visit it waits for is here. */
async function sentOnLeaving(slug: string) {
  leavePage()
  await settle()
  showPage()
  return beacon.events(slug)
}

/** The visits the panel asked the server to begin, as `[slug, surface]`. */
const visitsAsked = () =>
  fetch.mock.calls
    .filter(([input]) => String(input).endsWith('/api/visits'))
    .map(([input, init]) => [String(input), JSON.parse(String(init?.body))] as const)

describe('the visit from <voice-demo>', () => {
  it("begins the panel's prospect's visit once the page has been visible for 3 s, from a partner's page", async () => {
    vi.useFakeTimers()
    mount({ slug: 'acme-plumbing', 'api-base': API })
    await vi.advanceTimersByTimeAsync(OPEN_VISIBLE_MS - 1)
    expect(visitsAsked()).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(visitsAsked()).toEqual([
      [
        `${API}/api/visits`,
        {
          slug: 'acme-plumbing',
          surface: 'embed',
          page: { url: `${location.origin}${location.pathname}`, title: document.title },
        },
      ],
    ])
    expect(getVisit('acme-plumbing')).toEqual(fakeVisitOf('acme-plumbing'))
    expect(await sentOnLeaving('acme-plumbing')).toEqual([]) // the visit is the open
  })

  it("says 'site' where the page is on the API's own origin, as our prospect pages are", async () => {
    vi.useFakeTimers()
    mount({ slug: 'acme-dental', 'api-base': location.origin })
    await vi.advanceTimersByTimeAsync(OPEN_VISIBLE_MS)
    expect(visitsAsked().map(([, body]) => body)).toEqual([{ slug: 'acme-dental', surface: 'site' }])
  })

  it('begins one visit for two panels of the same prospect on a page', async () => {
    vi.useFakeTimers()
    mount({ slug: 'acme-realty', 'api-base': API })
    mount({ slug: 'acme-realty', 'api-base': API })
    await vi.advanceTimersByTimeAsync(OPEN_VISIBLE_MS * 2)
    expect(visitsAsked()).toHaveLength(1)
  })

  it('begins none for the general demo (no slug: the fallback prospect)', async () => {
    vi.useFakeTimers()
    mount({ 'api-base': API })
    await vi.advanceTimersByTimeAsync(OPEN_VISIBLE_MS * 2)
    expect(visitsAsked()).toEqual([])
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
  const callEvents = sentOnLeaving

  it('reports demo_call_started once live and demo_call_ended with the seconds it was live', async () => {
    const { emit, store, start } = await reportingCall('bright-smile-dental')
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000)
    await start()
    expect(await callEvents('bright-smile-dental')).toEqual([]) // connecting is not a call yet
    emit('call-start')
    now.mockReturnValue(1_042_400)
    store.getState().stopCall()
    emit('call-end')
    expect(await callEvents('bright-smile-dental')).toEqual([
      { name: 'demo_call_started', slug: 'bright-smile-dental' },
      { name: 'demo_call_ended', slug: 'bright-smile-dental', seconds: 42 },
    ])
    // With the token of the visit the call's first event began.
    expect(beacon.batches.at(-1)?.batch).toMatchObject({
      visit: fakeVisitOf('bright-smile-dental').id,
      tokens: { 'bright-smile-dental': FAKE_VISIT_TOKEN },
    })
  })

  it("marks a signed-in rep's call as the team's test in its metadata, with the tab's visit", async () => {
    sessionStorage.clear()
    const { client, start } = await reportingCall('harbor-realty')
    await start()
    const metadata = () => (client.start.mock.calls.at(-1) as unknown[] | undefined)?.[0]
    expect(metadata()).toMatchObject({
      agent: { metadata: { prospectSlug: 'harbor-realty', visitId: null, source: 'browser' } },
    })
    expect(JSON.stringify(metadata())).not.toContain('"team"')
    // biome-ignore lint/suspicious/noDocumentCookie: the page's cookie is what the widget reads
    document.cookie = `${TEAM_BROWSER_COOKIE}=1`
    try {
      const rep = await reportingCall('harbor-realty')
      await rep.start()
      expect((rep.client.start.mock.calls.at(-1) as unknown[] | undefined)?.[0]).toMatchObject({
        agent: { metadata: { prospectSlug: 'harbor-realty', visitId: null, source: 'browser', team: true } },
      })
    } finally {
      // biome-ignore lint/suspicious/noDocumentCookie: the page's cookie is what the widget reads
      document.cookie = `${TEAM_BROWSER_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`
    }
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

    expect(await callEvents('harbor-realty')).toEqual([
      { name: 'demo_call_started', slug: 'harbor-realty' },
      { name: 'demo_call_ended', slug: 'harbor-realty', seconds: 7 },
    ])
    expect(await callEvents('bright-smile-dental')).toEqual([
      { name: 'demo_call_started', slug: 'bright-smile-dental' },
      { name: 'demo_call_ended', slug: 'bright-smile-dental', seconds: 10 },
    ])
  })

  it('reports nothing for a call that never went live', async () => {
    const { client, store, start } = await reportingCall('harbor-realty')
    client.start.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'))
    await start()
    await waitFor(() => expect(store.getState().call).toBe('idle'))
    expect(await callEvents('harbor-realty')).toEqual([])
  })
})

describe("'Call Me'", () => {
  it('reports nothing itself, whatever the answer: the server records the calls it places', async () => {
    answerPhoneCallWith(fetch, () => Response.json({ callId: 'call-1', number: '+15551234567' }))
    const { dialog, submit, type } = await openPhoneDialog({ report: reportEngagement })
    await type('(555) 123-4567')
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false))
    submit().click()
    await waitFor(() => expect(dialog.querySelector('button[type="submit"]')?.textContent).toBe('Call Me'))
    expect(await sentOnLeaving('bright-smile-dental')).toEqual([])
  })

  it('reports nothing for a number the dialog refuses before asking the server', async () => {
    const { dialog, submit, type } = await openPhoneDialog({ report: reportEngagement })
    await type('12345')
    submit().click()
    await waitFor(() => expect(getByRole(dialog, 'alert').textContent).toContain('Invalid Phone Number'))
    expect(await sentOnLeaving('bright-smile-dental')).toEqual([])
  })
})

describe('the video call', () => {
  /** A `<voice-video-call>` stand-in whose call is the real lazy entry, over the faked network. */
  function videoCall(attributes: Record<string, string>) {
    fetch.mockImplementation(async (input) => {
      const path = new URL(String(input)).pathname
      if (path.endsWith('/visits'))
        return Response.json({ visit: fakeVisitOf('harbor-realty') }, { status: 201 })
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

  it('reports video_call_ended with its seconds, also when the page is left (the server records the start)', async () => {
    const { call, status } = videoCall({ slug: 'harbor-realty', 'api-base': API })
    const now = vi.spyOn(Date, 'now').mockReturnValue(5_000_000)
    call.start()
    await waitFor(() => expect(status()).toBe('active'))
    now.mockReturnValue(5_065_000)
    leavePage() // the call ends by beacon, and its event leaves with it
    await settle()
    expect(beacon.events('harbor-realty')).toEqual([
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
    await settle()
    expect(beacon.events()).toEqual([])
  })
})
