import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  dismissToast,
  dismissToastOf,
  pageToast,
  pauseToast,
  resumeToast,
  showToast,
  TOAST_DURATION_MS,
} from './page-toast.ts'

const panel = { element: 'voice-demo' }
const videoButton = { element: 'voice-video-call' }
const shown = () => pageToast.getState().toast

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  dismissToast()
  vi.useRealTimers()
})

describe('the page toast', () => {
  it('shows one toast at a time on the page: a new one replaces any, whichever element showed it', () => {
    showToast(panel, 'Voice Assistant Connected', 'You can now speak with your AI assistant')
    expect(shown()).toMatchObject({ owner: panel, title: 'Voice Assistant Connected', variant: 'default' })

    showToast(videoButton, 'Connection Failed', 'Video calls are not available right now.', 'destructive')
    expect(shown()).toMatchObject({
      owner: videoButton,
      title: 'Connection Failed',
      description: 'Video calls are not available right now.',
      variant: 'destructive',
    })
  })

  it('goes after 5000 ms, counted from the newest toast', () => {
    expect(TOAST_DURATION_MS).toBe(5000)
    showToast(panel, 'First', 'one')
    vi.advanceTimersByTime(4000)
    showToast(videoButton, 'Second', 'two')
    vi.advanceTimersByTime(4999) // the first one's time ran out long ago: the second stays
    expect(shown()?.title).toBe('Second')
    vi.advanceTimersByTime(1)
    expect(shown()).toBeNull()
  })

  it('stops counting while the visitor points at or focuses it, then goes on with the time left', () => {
    showToast(panel, 'Call Initiated', 'You should receive a call shortly.')
    vi.advanceTimersByTime(3000)
    pauseToast('pointer')
    pauseToast('focus')
    vi.advanceTimersByTime(60_000)
    resumeToast('pointer') // still focused: still paused
    vi.advanceTimersByTime(60_000)
    expect(shown()?.title).toBe('Call Initiated')

    resumeToast('focus')
    vi.advanceTimersByTime(1999)
    expect(shown()?.title).toBe('Call Initiated')
    vi.advanceTimersByTime(1)
    expect(shown()).toBeNull()
  })

  it("removes only the given element's toast, and a stale dismissal leaves the newer toast alone", () => {
    showToast(panel, 'From the panel', 'one')
    const stale = shown()?.id
    dismissToastOf(videoButton)
    expect(shown()?.owner).toBe(panel)

    showToast(videoButton, 'From the video button', 'two')
    dismissToastOf(panel) // the panel's toast is gone already: the video button's stays
    dismissToast(stale)
    expect(shown()?.title).toBe('From the video button')
    dismissToastOf(videoButton)
    expect(shown()).toBeNull()
  })

  it('dismisses the toast on screen at once, and its countdown with it', () => {
    showToast(panel, 'Call Ended', 'Your video call has ended.')
    pauseToast('pointer') // pointed at when dismissed: the next toast still counts down
    dismissToast()
    expect(shown()).toBeNull()

    showToast(panel, 'Next', 'three')
    vi.advanceTimersByTime(TOAST_DURATION_MS)
    expect(shown()).toBeNull()
  })
})
