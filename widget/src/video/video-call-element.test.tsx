import { render } from 'preact'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineVoiceDemo, defineVoiceVideoCall } from '../testing/define-elements.ts'
import { answerLikeTheServer, stubFetch } from '../testing/fake-fetch.ts'
import { getByRole, queryAllByRole, waitFor } from '../testing/queries.ts'
import { quietFrameLoading } from './call/testing/quiet-frames.ts'
import { VIDEO_CALL_LABEL, VideoCallButton } from './video-call-button.tsx'

const CONNECTING = 'Connecting to our AI support agent...'

// embed.ts defines the elements in a task of its own after it loads: the tests do not wait for it.
beforeAll(() => {
  defineVoiceDemo()
  defineVoiceVideoCall()
})
let fetch: ReturnType<typeof stubFetch>
/** Requests the widget sent to the video routes: [path, body]. */
const videoRequests = () =>
  fetch.mock.calls
    .filter(([input]) => String(input).includes('/api/video/'))
    .map(([input, init]) => [
      new URL(String(input)).pathname,
      init?.body ? JSON.parse(String(init.body)) : null,
    ])

/** Answers the start with `start` (a promise a test may hold); the end route with 200. */
function answerVideo(start: () => Promise<Response> = async () => startAnswer()) {
  fetch.mockImplementation(async (input) => {
    const path = new URL(String(input)).pathname
    if (path === '/api/video/conversations') return start()
    if (path.endsWith('/end')) return Response.json({ conversationId: 'c-1', alreadyEnded: false })
    return answerLikeTheServer(input)
  })
}
const startAnswer = () =>
  Response.json({
    conversationId: 'c-1',
    conversationUrl: 'https://video.example/conversations/c-1',
    maxDurationSeconds: 300,
  })

beforeEach(() => {
  fetch = stubFetch() // embed.ts also defines <voice-demo>, which would fetch if one were mounted
  quietFrameLoading()
})

afterEach(() => {
  document.body.innerHTML = ''
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function mount(attributes: Record<string, string> = {}): ShadowRoot {
  const element = document.createElement('voice-video-call')
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  document.body.append(element)
  return element.shadowRoot as ShadowRoot
}

/**
 * An API base of its own for a test: the page keeps the latest answer of each API (whether video calls
 * run does not depend on the prospect), so a test that needs another answer asks another API.
 */
let apis = 0
const ownApi = () => `https://api-${++apis}.example`
/** The floating button, once the server has said it runs video calls. */
const videoButton = (root: ShadowRoot) => waitFor(() => getByRole(root, 'button', VIDEO_CALL_LABEL))

describe('<voice-video-call>', () => {
  it('renders one button named "Start a video call" in an open shadow root', async () => {
    const element = document.createElement('voice-video-call')
    document.body.append(element)
    expect(element.shadowRoot?.mode).toBe('open')
    expect(await videoButton(element.shadowRoot as ShadowRoot)).toBeTruthy()
  })

  it('shares the widget stylesheet with <voice-demo>, and starts no call before intent', async () => {
    const video = mount()
    const demo = document.createElement('voice-demo')
    document.body.append(demo)
    await videoButton(video)
    expect(video.adoptedStyleSheets[0]).toBe(demo.shadowRoot?.adoptedStyleSheets[0])
    expect(videoRequests()).toEqual([])
  })

  it('shows its button only once the server has said it runs video calls', async () => {
    let answer = () => {}
    fetch.mockImplementation(
      (input) => new Promise((resolve) => (answer = () => resolve(answerLikeTheServer(input)))),
    )
    const root = mount({ slug: 'harbor-realty', 'api-base': ownApi() })
    await import('./video-call-button.tsx') // the button's chunk is here, the answer is not
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce())
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(queryAllByRole(root, 'button')).toEqual([])
    answer()
    await videoButton(root)
  })

  it("asks nothing of its own when the page's panel has asked the same API already", async () => {
    const api = ownApi()
    const panel = document.createElement('voice-demo')
    panel.setAttribute('slug', 'harbor-realty')
    panel.setAttribute('api-base', api)
    document.body.append(panel)
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce())
    await videoButton(mount({ 'api-base': api }))
    expect(fetch.mock.calls.map(([input]) => String(input))).toEqual([`${api}/api/prospects/harbor-realty`])
  })

  it('shows no button where the server runs no video calls, and tells the page author why', async () => {
    fetch = stubFetch({ videoCall: false })
    const info = vi.spyOn(console, 'info').mockImplementation(() => {})
    const root = mount({ slug: 'harbor-realty', 'api-base': ownApi() })
    await waitFor(() =>
      expect(info).toHaveBeenCalledWith('[voice-demo] no video button: video calls are not configured.'),
    )
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(queryAllByRole(root, 'button')).toEqual([])
    expect(info).toHaveBeenCalledOnce()
  })

  it('shows no button when the demo service does not answer, and says so on the console', async () => {
    fetch.mockRejectedValue(new TypeError('Failed to fetch'))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const root = mount({ slug: 'not a slug', 'api-base': ownApi() })
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('[voice-demo] no video button: the demo service did not answer.'),
    )
    expect(queryAllByRole(root, 'button')).toEqual([])
    // Any prospect tells whether video calls run: a slug that is none asks for the visitor one.
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/\/api\/prospects\/visitor$/)
  })

  it("starts a call for its slug: 'Connecting to …' on a disabled button, then the overlay, then 'Call Ended'", async () => {
    let answer: (response: Response) => void = () => {}
    answerVideo(() => new Promise((resolve) => (answer = resolve)))
    const root = mount({ slug: 'harbor-realty', 'api-base': 'https://api.example' })
    const button = await videoButton(root)
    button.click()

    await waitFor(() => getByRole(root, 'button', CONNECTING))
    expect(button.getAttribute('aria-disabled')).toBe('true')
    button.click() // ignored while connecting
    expect(videoRequests()).toEqual([['/api/video/conversations', { slug: 'harbor-realty' }]])
    expect(String(fetch.mock.calls.at(-1)?.[0])).toBe('https://api.example/api/video/conversations')

    answer(startAnswer())
    const dialog = await waitFor(() => getByRole(root, 'dialog', 'Video call with our AI support agent'))
    expect(getByRole(root, 'button', VIDEO_CALL_LABEL).getAttribute('aria-disabled')).toBe('true')
    getByRole(dialog, 'button', 'End call').click()

    const toast = await waitFor(() => {
      const status = getByRole(root, 'status')
      expect(status.textContent).toContain('Call Ended')
      return status
    })
    expect(toast.textContent).toContain('Your video call with our AI support agent has ended.')
    expect(videoRequests()).toEqual([
      ['/api/video/conversations', { slug: 'harbor-realty' }],
      ['/api/video/conversations/c-1/end', null],
    ])
    expect(getByRole(root, 'button', VIDEO_CALL_LABEL).getAttribute('aria-disabled')).toBe('false')
  })

  it("says 'Connection Failed' next to the button when the server refuses", async () => {
    answerVideo(async () =>
      Response.json(
        { error: { code: 'video_not_configured', message: 'Video calls are not available right now.' } },
        { status: 503 },
      ),
    )
    const root = mount()
    ;(await videoButton(root)).click()
    const alert = await waitFor(() => getByRole(root, 'alert', /Connection Failed/))
    expect(alert.textContent).toContain('Connection Failed')
    expect(alert.textContent).toContain('Video calls are not available right now.')
    expect(queryAllByRole(root, 'dialog')).toEqual([])
    expect(getByRole(root, 'button', VIDEO_CALL_LABEL).getAttribute('aria-disabled')).toBe('false')
  })

  it('ends its call when removed from the page, and leaves nothing rendered', async () => {
    answerVideo()
    const root = mount()
    ;(await videoButton(root)).click()
    await waitFor(() => getByRole(root, 'dialog'))
    ;(root.host as HTMLElement).remove()
    await waitFor(() => expect(videoRequests().at(-1)?.[0]).toBe('/api/video/conversations/c-1/end'))
    expect(root.childNodes).toHaveLength(0)
  })

  it('ends its call by beacon when the page is hidden', async () => {
    answerVideo()
    const sendBeacon = vi.fn(() => true)
    vi.stubGlobal('navigator', { sendBeacon })
    const root = mount({ 'api-base': 'https://api.example/' })
    ;(await videoButton(root)).click()
    const dialog = await waitFor(() => getByRole(root, 'dialog'))
    window.dispatchEvent(new Event('pagehide'))
    expect(sendBeacon).toHaveBeenCalledWith(new URL('https://api.example/api/video/conversations/c-1/end'))
    await waitFor(() => expect((dialog as HTMLDialogElement).open).toBe(false))
  })
})

describe('the launcher without its call chunk', () => {
  it('fetches the chunk on intent, says when it cannot load, and tries again on the next click', async () => {
    const container = document.createElement('div')
    document.body.append(container)
    const load = vi.fn().mockRejectedValueOnce(new Error('offline'))
    render(<VideoCallButton host={container} load={load} />, container)
    // Shown once the server's answer says video calls work.
    const button = await waitFor(() => getByRole(container, 'button', VIDEO_CALL_LABEL))
    button.dispatchEvent(new PointerEvent('pointerenter'))
    expect(load).toHaveBeenCalledOnce() // on intent, before the click

    button.click()
    const alert = await waitFor(() => getByRole(container, 'alert', /Connection Failed/))
    expect(alert.textContent).toContain('Connection Failed')
    expect(alert.textContent).toContain('Could not reach the demo service.')

    const start = vi.fn()
    load.mockResolvedValueOnce({ start, dispose: vi.fn() })
    button.click()
    await waitFor(() => expect(start).toHaveBeenCalledOnce())
    expect(load).toHaveBeenCalledTimes(2)
    render(null, container)
  })
})

describe('defineVoiceVideoCall', () => {
  it('is harmless when the snippet runs twice', () => {
    const defined = customElements.get('voice-video-call')
    expect(defined).toBeDefined()
    expect(() => defineVoiceVideoCall()).not.toThrow()
    expect(customElements.get('voice-video-call')).toBe(defined)
  })
})
