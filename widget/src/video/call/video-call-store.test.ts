import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { VideoConversationResponse } from '#core/video-call.ts'
import { dismissToast } from '../../toast/page-toast.ts'
import { loadToasts } from '../../toast/toasts.ts'
import { ANSWER, API, ELEMENT, settle, setUpVideoCall as setUp, toast } from './testing/set-up-video-call.ts'

beforeAll(() => loadToasts()) // as on intent: the toast chunk is there when the call starts
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  dismissToast()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('a video call', () => {
  it("goes idle → connecting → active, says 'Connected!' with the call's length, and counts down from the server's duration", async () => {
    const { store, started, statuses, state } = setUp(async () => ({ ...ANSWER, maxDurationSeconds: 120 }))
    store.getState().start('bright-smile-dental', API)
    expect(state().status).toBe('connecting')
    await settle()

    expect(started).toEqual(['bright-smile-dental'])
    expect(statuses).toEqual(['connecting', 'active'])
    expect(state().conversation).toEqual({ id: 'conv-1', url: 'https://tavus.daily.co/c1' })
    expect(state().secondsLeft).toBe(120)
    expect(toast()).toMatchObject({
      owner: ELEMENT,
      title: 'Connected!',
      description: "You're now connected with Anna. Your call will last 2 minutes.",
      variant: 'default',
    })
    await vi.advanceTimersByTimeAsync(1000)
    expect(state().secondsLeft).toBe(119)
  })

  it('announces the time left at each whole minute, and nothing in between', async () => {
    const { store, state } = setUp()
    store.getState().start(undefined, API)
    await settle()
    expect(state().announcement).toBe('')
    await vi.advanceTimersByTimeAsync(59_000)
    expect(state().announcement).toBe('')
    await vi.advanceTimersByTimeAsync(1000)
    expect(state().announcement).toBe('4 minutes left')
    await vi.advanceTimersByTimeAsync(180_000)
    expect(state().announcement).toBe('1 minute left')
    await vi.advanceTimersByTimeAsync(59_000)
    expect(state().announcement).toBe('1 minute left')
  })

  it("ends by itself at 0: the end endpoint once, 'Call Ended', and everything reset for the next call", async () => {
    const { store, ended, statuses, state } = setUp(async () => ({ ...ANSWER, maxDurationSeconds: 8 }))
    store.getState().start(undefined, API)
    await settle()
    store.getState().toggleMute()
    store.getState().toggleCamera()
    await vi.advanceTimersByTimeAsync(7999)
    expect(state().status).toBe('active')
    await vi.advanceTimersByTimeAsync(1)

    expect(statuses).toEqual(['connecting', 'active', 'ended', 'idle'])
    expect(toast()).toMatchObject({
      title: 'Call Ended',
      description: 'Your video call with Anna has ended.',
      variant: 'default',
    })
    expect(ended).toEqual([['conv-1', API, 'fetch']])
    expect(state()).toMatchObject({
      conversation: null,
      secondsLeft: 300,
      durationSeconds: 300,
      muted: false,
      cameraOn: true,
      confirmingEnd: false,
      announcement: '',
    })
    await vi.advanceTimersByTimeAsync(600_000)
    expect(ended).toHaveLength(1)
  })

  it('calls the end endpoint exactly once per conversation, whatever ends it first', async () => {
    const { store, ended } = setUp()
    store.getState().start(undefined, API)
    await settle()
    store.getState().end()
    store.getState().end()
    store.getState().leave('page-hide')
    store.getState().leave('removed')
    await vi.advanceTimersByTimeAsync(300_000)
    expect(ended).toEqual([['conv-1', API, 'fetch']])
  })

  it('ends by beacon when the page is hidden, without a toast nobody would read', async () => {
    const { store, ended, state } = setUp()
    store.getState().start(undefined, API)
    await settle()
    store.getState().dismissToast()
    store.getState().leave('page-hide')
    await settle()
    expect(ended).toEqual([['conv-1', API, 'beacon']])
    expect(state().status).toBe('idle')
    expect(toast()).toBeNull()
  })

  it('ends a call whose answer arrives after the element was removed, and shows nothing', async () => {
    let answer: (response: VideoConversationResponse) => void = () => {}
    const { store, ended, state } = setUp(() => new Promise((resolve) => (answer = resolve)))
    store.getState().start(undefined, API)
    store.getState().leave('removed')
    expect(state().status).toBe('idle')
    answer(ANSWER)
    await settle()
    expect(ended).toEqual([['conv-1', API, 'fetch']])
    expect(state().status).toBe('idle')
    expect(toast()).toBeNull()
  })

  it('refuses a second start while connecting or active', async () => {
    const { store, started } = setUp()
    store.getState().start(undefined, API)
    store.getState().start(undefined, API)
    await settle()
    store.getState().start(undefined, API)
    expect(started).toHaveLength(1)
  })

  it('toggles mute and camera only while active; Escape asks first, and keeping on talking goes back', async () => {
    const { store, state } = setUp()
    store.getState().toggleMute()
    store.getState().askToEnd()
    expect(state()).toMatchObject({ muted: false, confirmingEnd: false })
    store.getState().start(undefined, API)
    await settle()
    store.getState().toggleMute()
    store.getState().toggleCamera()
    expect(state()).toMatchObject({ muted: true, cameraOn: false })
    store.getState().askToEnd()
    expect(state().confirmingEnd).toBe(true)
    store.getState().keepTalking()
    expect(state()).toMatchObject({ status: 'active', confirmingEnd: false })
  })
})
