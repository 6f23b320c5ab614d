import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest'
import { NETWORK_ERROR_MESSAGE } from '../lib/fetch-api.ts'
import { defineVoiceDemo } from '../testing/define-elements.ts'
import { answerLikeTheServer, prospectAnswer, stubFetch } from '../testing/fake-fetch.ts'
import { getByRole, queryAllByRole, waitFor } from '../testing/queries.ts'
import { VOICE_NOT_CONFIGURED } from '../voice/start-when-loaded.ts'
import { dispatchHostEvent } from './host-events.ts'
import type { VoiceDemoElement } from './voice-demo-element.ts'

let fetch: ReturnType<typeof stubFetch>

// embed.ts defines the elements in a task of its own after it loads: the tests do not wait for it.
beforeAll(() => defineVoiceDemo())

beforeEach(() => {
  fetch = stubFetch()
})

afterEach(() => {
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
})

function mount(attributes: Record<string, string> = {}, tag = 'voice-demo'): VoiceDemoElement {
  const element = document.createElement(tag) as VoiceDemoElement
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  document.body.append(element)
  return element
}

const shadow = (element: Element) => element.shadowRoot as ShadowRoot
const requestedUrls = (mock: Mock) => mock.mock.calls.map(([input]) => String(input))
const prospectRequests = (mock: Mock) => requestedUrls(mock).filter((url) => url.includes('/api/prospects/'))
/** Waits for the prospect (its heading), then gives the 'Test in Browser' button. */
const loaded = async (element: Element) => {
  await waitFor(() => getByRole(shadow(element), 'heading', /^Built for /))
  return getByRole(shadow(element), 'button', 'Test in Browser')
}

describe('<voice-demo>', () => {
  it('renders into an open shadow root: both buttons at once, the prospect once it has loaded', async () => {
    const element = mount({ slug: 'bright-smile-dental', 'api-base': 'https://api.example.com' })
    expect(element.shadowRoot?.mode).toBe('open')
    expect(getByRole(shadow(element), 'region').getAttribute('aria-busy')).toBe('true')
    expect(queryAllByRole(shadow(element), 'button').map((button) => button.textContent)).toEqual([
      'Test in Browser',
      'Call Me',
    ])
    expect(queryAllByRole(shadow(element), 'heading')).toHaveLength(0)

    await loaded(element)
    expect(getByRole(shadow(element), 'heading').textContent).toBe('Built for Bright Smile Dental')
    expect(getByRole(shadow(element), 'button', 'Call Me')).toBeTruthy()
    expect(requestedUrls(fetch)).toEqual(['https://api.example.com/api/prospects/bright-smile-dental'])
  })

  it('asks for the visitor prospect when no slug is given', async () => {
    const element = mount({ 'api-base': 'https://api.example.com/demo/' })
    await loaded(element)
    expect(requestedUrls(fetch)).toEqual(['https://api.example.com/demo/api/prospects/visitor'])
  })

  it('shows the server message and a Retry button that loads again', async () => {
    fetch.mockResolvedValueOnce(
      Response.json(
        { error: { code: 'prospect_not_found', message: 'Prospect "nope" not found' } },
        { status: 404 },
      ),
    )
    const element = mount({ slug: 'nope' })
    const retry = await waitFor(() => getByRole(shadow(element), 'button', 'Retry'))
    expect(shadow(element).textContent).toContain('Prospect "nope" not found')

    retry.click()
    await loaded(element)
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('says plainly when the server cannot be reached', async () => {
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const element = mount({ slug: 'harbor-realty' })
    await waitFor(() => getByRole(shadow(element), 'button', 'Retry'))
    expect(shadow(element).textContent).toContain(NETWORK_ERROR_MESSAGE)
  })

  it('says in its polite status that the voice demo is not configured, and opens the phone dialog', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const element = mount({ slug: 'bright-smile-dental' })
    const status = getByRole(shadow(element), 'status')
    expect(status.getAttribute('aria-live')).toBe('polite')
    expect(status.textContent).toBe('')

    ;(await loaded(element)).click()
    await waitFor(() => expect(status.textContent).toBe(VOICE_NOT_CONFIGURED))
    expect(requestedUrls(fetch)).toContain('http://localhost:3000/api/config')
    getByRole(shadow(element), 'button', 'Call Me').click()
    await waitFor(() => getByRole(shadow(element), 'dialog', 'Get a Call from Our AI Assistant'))
    warn.mockRestore()
  })

  it('refetches when the slug changes and ignores the late answer for the previous slug', async () => {
    let answerFirst = () => {}
    fetch.mockImplementationOnce(
      (input) => new Promise((resolve) => (answerFirst = () => resolve(answerLikeTheServer(input)))),
    )
    const element = mount({ slug: 'bright-smile-dental' })
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1))

    element.setAttribute('slug', 'harbor-realty')
    await loaded(element)
    answerFirst()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(getByRole(shadow(element), 'heading').textContent).toBe('Built for Harbor Realty Group')
  })

  it('accepts every attribute as a property too, as React 19 sets them', async () => {
    const element = mount({ slug: 'bright-smile-dental' })
    await loaded(element)
    element.apiBase = 'https://api.example.com'
    element.slug = 'harbor-realty'
    expect(element.getAttribute('slug')).toBe('harbor-realty')
    await waitFor(() => expect(shadow(element).textContent).toContain('Harbor Realty Group'))
    expect(requestedUrls(fetch).at(-1)).toBe('https://api.example.com/api/prospects/harbor-realty')

    element.slug = null // React removing the prop: back to the default, not the slug "null"
    expect(element.hasAttribute('slug')).toBe(false)
    await waitFor(() =>
      expect(requestedUrls(fetch).at(-1)).toBe('https://api.example.com/api/prospects/visitor'),
    )
  })

  it('leaves nothing behind when removed from the page, even when its answer comes later', async () => {
    let answerFirst = () => {}
    fetch.mockImplementationOnce(
      (input) => new Promise((resolve) => (answerFirst = () => resolve(answerLikeTheServer(input)))),
    )
    const element = mount({ slug: 'bright-smile-dental' })
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1))
    element.remove()
    expect(shadow(element).childNodes).toHaveLength(0)
    answerFirst()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(shadow(element).childNodes).toHaveLength(0)

    document.body.append(element) // moved back in: it renders and loads again
    await loaded(element)
  })

  it('shows the answer its page carried without asking, and forgets it once it leaves the page', async () => {
    // A draft (the reps' form previews an unsaved prospect with Call Me off) carried by one panel…
    const draft = prospectAnswer('harbor-realty', { phoneCall: false })
    const preview = mount({ slug: 'harbor-realty', 'data-prospect': JSON.stringify(draft) })
    await loaded(preview)
    expect(getByRole(shadow(preview), 'button', 'Call Me').getAttribute('aria-disabled')).toBe('true')
    // The prospect's own requests: on a busy machine an earlier test's visit report can still be on
    // its way to this test's fetch.
    expect(prospectRequests(fetch)).toEqual([])

    // …must not answer for the saved prospect once that panel is gone: the next one asks the server.
    preview.remove()
    const saved = mount({ slug: 'harbor-realty' })
    await loaded(saved)
    expect(prospectRequests(fetch)).toEqual([expect.stringMatching(/\/api\/prospects\/harbor-realty$/)])
    expect(getByRole(shadow(saved), 'button', 'Call Me').hasAttribute('aria-disabled')).toBe(false)
  })

  it('offers the host API one method per panel command, each acting on its own panel', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const element = mount({ slug: 'bright-smile-dental' })
    const other = mount({ slug: 'harbor-realty' })
    // The panel's status line (the toast region has a live region of its own).
    const status = shadow(element).getElementById('demo-status') as HTMLElement
    await loaded(element)
    element.stopCall() // nothing live: it must not start a call instead
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(status.textContent).toBe('')

    element.startCall()
    await waitFor(() => expect(status.textContent).toBe(VOICE_NOT_CONFIGURED))
    element.openPhoneDialog()
    await waitFor(() => getByRole(shadow(element), 'dialog', 'Get a Call from Our AI Assistant'))
    expect(shadow(other).getElementById('demo-status')?.textContent).toBe('')
    expect(queryAllByRole(shadow(other), 'dialog')).toHaveLength(0)

    element.remove() // its store went with it: the methods do nothing, and throw nothing
    expect(() => [element.startCall(), element.stopCall(), element.openPhoneDialog()]).not.toThrow()
    expect(shadow(element).childNodes).toHaveLength(0)
    warn.mockRestore()
  })

  it("lets the dialog's back arrow show the prospect's page only with back-navigation", async () => {
    window.history.replaceState(null, '', '/partner-page')
    const back = async (element: Element) => {
      getByRole(shadow(element), 'button', 'Call Me').click()
      const dialog = await waitFor(() =>
        getByRole(shadow(element), 'dialog', 'Get a Call from Our AI Assistant'),
      )
      getByRole(dialog, 'button', 'Back').click()
      await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false))
    }
    const partner = mount({ slug: 'harbor-realty' })
    await loaded(partner)
    await back(partner)
    expect(location.pathname).toBe('/partner-page')

    const site = mount({ slug: 'harbor-realty', 'back-navigation': '' })
    await loaded(site)
    await back(site)
    expect(location.pathname).toBe('/harbor-realty')
    window.history.replaceState(null, '', '/')
  })

  it('shares one constructed stylesheet between all widgets on the page', async () => {
    const first = mount()
    const second = mount()
    const sheets = shadow(first).adoptedStyleSheets
    expect(shadow(second).adoptedStyleSheets[0]).toBe(sheets[0])
    // The lazy parts' sheets (the toast region's, once its chunk is here) are shared as well.
    expect(new Set([...sheets, ...shadow(second).adoptedStyleSheets]).size).toBe(sheets.length)
  })
})

describe('defineVoiceDemo', () => {
  it('is harmless when the snippet runs twice', () => {
    const defined = customElements.get('voice-demo')
    expect(defined).toBeDefined()
    expect(() => defineVoiceDemo()).not.toThrow()
    expect(customElements.get('voice-demo')).toBe(defined)
  })

  it('keeps a property set before the element was defined', async () => {
    const element = mount({ 'api-base': 'https://api.example.com' }, 'voice-demo-late')
    element.slug = 'harbor-realty' // an own property: no accessor exists yet
    defineVoiceDemo('voice-demo-late')
    expect(element.getAttribute('slug')).toBe('harbor-realty')
    await waitFor(() => expect(shadow(element).textContent).toContain('Harbor Realty Group'))
    expect(requestedUrls(fetch).at(-1)).toBe('https://api.example.com/api/prospects/harbor-realty')
  })
})

describe('host events', () => {
  it('dispatches prefixed, bubbling, composed events that reach the host page', () => {
    const seen: CustomEvent[] = []
    const listener = (event: Event) => seen.push(event as CustomEvent)
    document.addEventListener('voice-demo:error', listener)
    const element = mount({ slug: 'harbor-realty' })
    dispatchHostEvent(element, 'error', { slug: 'harbor-realty', message: 'Microphone access denied.' })
    document.removeEventListener('voice-demo:error', listener)
    expect(seen).toHaveLength(1)
    expect(seen[0]?.detail).toEqual({ slug: 'harbor-realty', message: 'Microphone access denied.' })
    expect(seen[0]?.composed).toBe(true)
  })
})
