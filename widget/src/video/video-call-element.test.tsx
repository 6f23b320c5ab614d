import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineVoiceVideoCall } from '../embed.ts'
import { stubFetch } from '../testing/fake-fetch.ts'
import { getByRole, waitFor } from '../testing/queries.ts'
import { NOTICE_MS, VIDEO_CALL_LABEL, VIDEO_CALL_UNAVAILABLE } from './video-call-button.tsx'

beforeEach(() => {
  stubFetch() // embed.ts also defines <voice-demo>, which would fetch if one were mounted
})

afterEach(() => {
  document.body.innerHTML = ''
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function mount(): ShadowRoot {
  const element = document.createElement('voice-video-call')
  document.body.append(element)
  return element.shadowRoot as ShadowRoot
}

describe('<voice-video-call>', () => {
  it('renders one button named "Start a video call" in an open shadow root', () => {
    const element = document.createElement('voice-video-call')
    document.body.append(element)
    expect(element.shadowRoot?.mode).toBe('open')
    expect(getByRole(element.shadowRoot as ShadowRoot, 'button', VIDEO_CALL_LABEL)).toBeTruthy()
  })

  it('shares the widget stylesheet with <voice-demo>', () => {
    const video = mount()
    const demo = document.createElement('voice-demo')
    document.body.append(demo)
    expect(video.adoptedStyleSheets).toHaveLength(1)
    expect(video.adoptedStyleSheets[0]).toBe(demo.shadowRoot?.adoptedStyleSheets[0])
  })

  it('says in a polite status that video calls are not available yet, and closes again', async () => {
    const root = mount()
    const status = getByRole(root, 'status')
    expect(status.getAttribute('aria-live')).toBe('polite')
    expect(status.textContent).toBe('')

    getByRole(root, 'button', VIDEO_CALL_LABEL).click()
    await waitFor(() => expect(status.textContent).toBe(VIDEO_CALL_UNAVAILABLE))
    getByRole(root, 'button', VIDEO_CALL_LABEL).click()
    await waitFor(() => expect(status.textContent).toBe(''))
  })

  it('closes the note by itself after a while, and with Escape', async () => {
    vi.useFakeTimers()
    const root = mount()
    const button = getByRole(root, 'button', VIDEO_CALL_LABEL)
    button.click()
    await vi.advanceTimersByTimeAsync(0)
    expect(getByRole(root, 'status').textContent).toBe(VIDEO_CALL_UNAVAILABLE)
    await vi.advanceTimersByTimeAsync(NOTICE_MS)
    expect(getByRole(root, 'status').textContent).toBe('')

    button.click()
    await vi.advanceTimersByTimeAsync(0)
    button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    await vi.advanceTimersByTimeAsync(0)
    expect(getByRole(root, 'status').textContent).toBe('')
  })

  it('leaves nothing rendered once removed from the page', () => {
    const root = mount()
    ;(root.host as HTMLElement).remove()
    expect(root.childNodes).toHaveLength(0)
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
