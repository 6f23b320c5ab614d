import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../../core/api-error.ts'
import type { VideoConversationResponse } from '../../../../core/video-call.ts'
import { createVideoCallStore, type VideoCallDeps, type VideoCallState } from './video-call-store.ts'

const API = 'https://api.example'
const ANSWER: VideoConversationResponse = {
  conversationId: 'conv-1',
  conversationUrl: 'https://tavus.daily.co/c1',
  maxDurationSeconds: 300,
}

/** A store whose start answers `answer` (a promise a test may hold), recording start and end requests. */
function setUp(answer: () => Promise<VideoConversationResponse> = async () => ANSWER) {
  const ended: Array<[id: string, apiBase: string, transport: string]> = []
  const started: Array<string | undefined> = []
  const deps: VideoCallDeps = {
    startConversation: vi.fn(async (slug) => {
      started.push(slug)
      return answer()
    }),
    endConversation: vi.fn(async (id: string, apiBase: string, transport: string) => {
      ended.push([id, apiBase, transport])
    }),
    name: 'Anna',
  }
  const store = createVideoCallStore(deps)
  const statuses: VideoCallState['status'][] = []
  store.subscribe((state, previous) => {
    if (state.status !== previous.status) statuses.push(state.status)
  })
  return { store, ended, started, statuses, state: () => store.getState() }
}

/** Lets the start request's promise settle. */
const settle = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
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
    expect(state().toast).toEqual({
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
    expect(ended).toEqual([['conv-1', API, 'fetch']])
    expect(state()).toMatchObject({
      conversation: null,
      secondsLeft: 300,
      durationSeconds: 300,
      muted: false,
      cameraOn: true,
      confirmingEnd: false,
      announcement: '',
      toast: { title: 'Call Ended', description: 'Your video call with Anna has ended.', variant: 'default' },
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
    expect(ended).toEqual([['conv-1', API, 'beacon']])
    expect(state().status).toBe('idle')
    expect(state().toast).toBeNull()
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
    expect(state().toast).toBeNull()
  })

  it('refuses a second start while connecting or active (SPEC §5)', async () => {
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

describe('a start that fails', () => {
  it("returns to idle with 'Connection Failed' and the server's message", async () => {
    const { store, statuses, state } = setUp(async () => {
      throw new ApiError(
        'rate_limited',
        'Too many video calls from this network. Please try again later.',
        429,
      )
    })
    store.getState().start(undefined, API)
    await settle()
    expect(statuses).toEqual(['connecting', 'idle'])
    expect(state().toast).toEqual({
      title: 'Connection Failed',
      description: 'Too many video calls from this network. Please try again later.',
      variant: 'destructive',
    })
    await vi.advanceTimersByTimeAsync(5000)
    expect(state().toast).toBeNull()
  })

  it("says SPEC's 'Unable to start video call. Please try again.' when nothing more precise is known", async () => {
    const { store, state } = setUp(async () => {
      throw new TypeError('boom')
    })
    store.getState().start(undefined, API)
    await settle()
    expect(state().toast?.description).toBe('Unable to start video call. Please try again.')
  })
})

describe('an answer without a page to frame', () => {
  it('opens with no conversation page and no countdown; Close ends the conversation without a toast', async () => {
    const { store, ended, state } = setUp(async () => ({ ...ANSWER, conversationUrl: 'javascript:alert(1)' }))
    store.getState().start(undefined, API)
    await settle()
    expect(state()).toMatchObject({
      status: 'active',
      conversation: { id: 'conv-1', url: null },
      toast: null,
    })
    await vi.advanceTimersByTimeAsync(400_000)
    expect(state().status).toBe('active')
    store.getState().end()
    expect(ended).toEqual([['conv-1', API, 'fetch']])
    expect(state()).toMatchObject({ status: 'idle', toast: null })
  })
})

it('logs a failed end request with the product prefix, and never throws', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const store = createVideoCallStore({
    startConversation: async () => ANSWER,
    endConversation: async () => {
      throw new Error('offline')
    },
  })
  store.getState().start(undefined, API)
  await settle()
  store.getState().end()
  await settle()
  expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[voice-demo\] /), expect.any(Error))
  expect(store.getState().status).toBe('idle')
})
