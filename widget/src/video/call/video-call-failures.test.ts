import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { RequestFailure } from '#core/api-error.ts'
import type { VideoConversationResponse } from '#core/video-call.ts'
import { dismissToast } from '../../toast/page-toast.ts'
import { loadToasts } from '../../toast/toasts.ts'
import { ANSWER, API, ELEMENT, settle, setUpVideoCall as setUp, toast } from './testing/set-up-video-call.ts'
import { createVideoCallStore } from './video-call-store.ts'

beforeAll(() => loadToasts()) // as on intent: the toast chunk is there when the call starts
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  dismissToast()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('a start that fails', () => {
  it("returns to idle with 'Connection Failed' and the server's message", async () => {
    const { store, statuses } = setUp(async () => {
      throw new RequestFailure(
        'rate_limited',
        'Too many video calls from this network. Please try again later.',
        429,
      )
    })
    store.getState().start(undefined, API)
    await settle()
    expect(statuses).toEqual(['connecting', 'idle'])
    expect(toast()).toMatchObject({
      owner: ELEMENT,
      title: 'Connection Failed',
      description: 'Too many video calls from this network. Please try again later.',
      variant: 'destructive',
    })
    await vi.advanceTimersByTimeAsync(5000)
    expect(toast()).toBeNull()
  })

  it("says 'Unable to start video call. Please try again.' when nothing more precise is known", async () => {
    const { store } = setUp(async () => {
      throw new TypeError('boom')
    })
    store.getState().start(undefined, API)
    await settle()
    expect(toast()?.description).toBe('Unable to start video call. Please try again.')
  })

  it('takes its toast away when the visitor tries again', async () => {
    const answers: Array<() => Promise<VideoConversationResponse>> = [
      async () => {
        throw new TypeError('boom')
      },
      () => new Promise(() => {}), // the second one is still connecting
    ]
    const { store, state } = setUp(() => (answers.shift() ?? (async () => ANSWER))())
    store.getState().start(undefined, API)
    await settle()
    expect(toast()?.title).toBe('Connection Failed')
    store.getState().start(undefined, API)
    await settle()
    expect(state().status).toBe('connecting')
    expect(toast()).toBeNull()
  })
})

describe('an answer without a page to frame', () => {
  it('opens with no conversation page and no countdown; Close ends the conversation without a toast', async () => {
    const { store, ended, state } = setUp(async () => ({ ...ANSWER, conversationUrl: 'javascript:alert(1)' }))
    store.getState().start(undefined, API)
    await settle()
    expect(state()).toMatchObject({ status: 'active', conversation: { id: 'conv-1', url: null } })
    expect(toast()).toBeNull()
    await vi.advanceTimersByTimeAsync(400_000)
    expect(state().status).toBe('active')
    store.getState().end()
    await settle()
    expect(ended).toEqual([['conv-1', API, 'fetch']])
    expect(state().status).toBe('idle')
    expect(toast()).toBeNull()
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
