import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFrameControls, isDailyRoom, type LoadDaily } from './frame-controls.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

/** An iframe whose window records what is posted to it. */
function fakeFrame(postMessage = vi.fn()) {
  return { iframe: { contentWindow: { postMessage }, src: '' } as unknown as HTMLIFrameElement, postMessage }
}

/** daily-js's factory, injected: `wrap` hands out one fake call that records what it was asked. */
function fakeDaily() {
  const listeners = new Map<string, () => void>()
  const call = {
    on: vi.fn((event: string, listener: () => void) => void listeners.set(event, listener)),
    off: vi.fn((event: string) => void listeners.delete(event)),
    join: vi.fn(async () => undefined),
    setLocalAudio: vi.fn(),
    setLocalVideo: vi.fn(),
    destroy: vi.fn(async () => undefined),
  }
  const wrap = vi.fn(() => call)
  const loadDaily = (async () => ({ wrap })) as unknown as LoadDaily
  return { call, wrap, loadDaily, emit: (event: string) => listeners.get(event)?.() }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('a conversation page that listens for messages', () => {
  it("posts toggleMute and toggleCamera to the page's origin only, and only when they change", () => {
    const { iframe, postMessage } = fakeFrame()
    const controls = createFrameControls(iframe, 'http://127.0.0.1:4100/conversations/c-1?x=1')
    controls.setMuted(false)
    controls.setCamera(true)
    expect(postMessage).not.toHaveBeenCalled() // the call starts unmuted with the camera on

    controls.setMuted(true)
    controls.setCamera(false)
    controls.setMuted(false)
    expect(postMessage.mock.calls).toEqual([
      [{ type: 'toggleMute', muted: true }, 'http://127.0.0.1:4100'],
      [{ type: 'toggleCamera', enabled: false }, 'http://127.0.0.1:4100'],
      [{ type: 'toggleMute', muted: false }, 'http://127.0.0.1:4100'],
    ])
  })

  it('only logs, with the product prefix, when a message cannot be posted', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { iframe } = fakeFrame(
      vi.fn(() => {
        throw new Error('detached')
      }),
    )
    expect(() => createFrameControls(iframe, 'https://video.example/c').setMuted(true)).not.toThrow()
    expect(warn).toHaveBeenCalledWith(
      "[voice-demo] the video call frame could not receive 'toggleMute'.",
      expect.any(Error),
    )
  })
})

describe('a Daily room', () => {
  it('is told apart by its host', () => {
    expect(isDailyRoom('https://tavus.daily.co/c123')).toBe(true)
    expect(isDailyRoom('https://daily.co/room')).toBe(true)
    expect(isDailyRoom('https://evildaily.co/room')).toBe(false)
    expect(isDailyRoom('https://daily.co.example.com/room')).toBe(false)
  })

  it('is joined in the frame through daily-js, alongside any voice call, and really mutes and stops the camera', async () => {
    const daily = fakeDaily()
    const { iframe, postMessage } = fakeFrame()
    const controls = createFrameControls(iframe, 'https://tavus.daily.co/c123', {
      loadDaily: daily.loadDaily,
    })
    await settle()
    expect(daily.wrap).toHaveBeenCalledWith(iframe, { allowMultipleCallInstances: true })
    expect(daily.call.join).toHaveBeenCalledWith({
      url: 'https://tavus.daily.co/c123',
      startAudioOff: false,
      startVideoOff: false,
    })

    controls.setMuted(true)
    controls.setCamera(false)
    controls.setCamera(true)
    expect(daily.call.setLocalAudio.mock.calls).toEqual([[false]])
    expect(daily.call.setLocalVideo.mock.calls).toEqual([[false], [true]])
    expect(postMessage).not.toHaveBeenCalled()

    controls.destroy()
    expect(daily.call.destroy).toHaveBeenCalledOnce()
  })

  it('joins with the state chosen while daily-js was loading', async () => {
    const daily = fakeDaily()
    const controls = createFrameControls(fakeFrame().iframe, 'https://tavus.daily.co/c123', {
      loadDaily: daily.loadDaily,
    })
    controls.setMuted(true)
    await settle()
    expect(daily.call.join).toHaveBeenCalledWith(expect.objectContaining({ startAudioOff: true }))
  })

  it('reports a call left inside the frame, but not its own leaving', async () => {
    const daily = fakeDaily()
    const onLeft = vi.fn()
    const controls = createFrameControls(fakeFrame().iframe, 'https://tavus.daily.co/c123', {
      loadDaily: daily.loadDaily,
      onLeft,
    })
    await settle()
    daily.emit('left-meeting')
    expect(onLeft).toHaveBeenCalledOnce()
    controls.destroy()
    daily.emit('left-meeting')
    expect(onLeft).toHaveBeenCalledOnce()
  })

  it('shows the room as a plain frame when daily-js cannot load, and logs why', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { iframe } = fakeFrame()
    createFrameControls(iframe, 'https://tavus.daily.co/c123', {
      loadDaily: () => Promise.reject(new Error('chunk failed')),
    })
    await settle()
    expect(iframe.src).toBe('https://tavus.daily.co/c123')
    expect(warn).toHaveBeenCalledWith(
      '[voice-demo] the video call frame could not start the call.',
      expect.any(Error),
    )
  })

  it('never wraps the frame once destroyed', async () => {
    const daily = fakeDaily()
    createFrameControls(fakeFrame().iframe, 'https://tavus.daily.co/c123', {
      loadDaily: daily.loadDaily,
    }).destroy()
    await settle()
    expect(daily.wrap).not.toHaveBeenCalled()
  })
})
