import { describe, expect, it, vi } from 'vitest'
import { AppError } from '../../../core/errors.ts'
import type { ProspectResponse } from '../../../core/prospect.ts'
import { prospects } from '../testing/fake-fetch.ts'
import type { VoiceClient, VoiceClientEvent } from '../voice/voice-client.ts'
import {
  BROWSER_CALL_UNAVAILABLE,
  CALL_START_FAILED,
  createDemoStore,
  type DemoDeps,
  PHONE_CALL_UNAVAILABLE,
} from './demo-store.ts'

const answer = (slug: string): ProspectResponse => ({
  prospect: prospects[slug] ?? (prospects.visitor as ProspectResponse['prospect']),
  fallback: !prospects[slug],
})
const loadedStore = async (deps: Partial<DemoDeps> = {}) => {
  const store = createDemoStore({ fetchProspect: async (slug) => answer(slug), ...deps })
  store.getState().load('bright-smile-dental', 'https://api.example.com/')
  await vi.waitFor(() => expect(store.getState().prospect.status).toBe('loaded'))
  return store
}

/** A voice client whose events the test fires by hand. */
function createFakeVoiceClient() {
  const handlers = new Map<VoiceClientEvent, Set<(...args: unknown[]) => void>>()
  const client = {
    start: vi.fn(async () => {}),
    stop: vi.fn(async () => {}),
    setMuted: vi.fn(),
    on: (event, handler) => {
      const set = handlers.get(event) ?? new Set()
      handlers.set(event, set.add(handler as () => void))
      return () => set.delete(handler as () => void)
    },
  } satisfies VoiceClient
  const emit = (event: VoiceClientEvent) => {
    for (const handler of handlers.get(event) ?? []) handler()
  }
  return { client, emit, listeners: () => [...handlers.values()].reduce((n, set) => n + set.size, 0) }
}

describe('createDemoStore', () => {
  it('keeps only the answer to the latest load when requests overlap', async () => {
    let resolveFirst: (value: ProspectResponse) => void = () => {}
    const fetchProspect = vi
      .fn<DemoDeps['fetchProspect']>()
      .mockImplementationOnce(() => new Promise((resolve) => (resolveFirst = resolve)))
      .mockImplementation(async (slug) => answer(slug))
    const store = createDemoStore({ fetchProspect })
    store.getState().load('bright-smile-dental', 'https://api.example.com/')
    store.getState().load('harbor-realty', 'https://api.example.com/')
    expect(fetchProspect.mock.calls[0]?.[2].aborted).toBe(true)

    resolveFirst(answer('bright-smile-dental'))
    await vi.waitFor(() => expect(store.getState().prospect.status).toBe('loaded'))
    const state = store.getState().prospect
    expect(state.status === 'loaded' && state.prospect.companyName).toBe('Harbor Realty Group')
  })

  it('turns a failure into a message a person can read, and retries the same request', async () => {
    const fetchProspect = vi
      .fn<DemoDeps['fetchProspect']>()
      .mockRejectedValueOnce(new AppError('prospect_unavailable'))
      .mockRejectedValueOnce(new Error('internal detail'))
      .mockImplementation(async (slug) => answer(slug))
    const store = createDemoStore({ fetchProspect })
    store.getState().load('harbor-realty', 'https://api.example.com/')
    await vi.waitFor(() =>
      expect(store.getState().prospect).toEqual({
        status: 'error',
        message: 'Failed to load prospect data.',
      }),
    )
    store.getState().retry()
    await vi.waitFor(() =>
      expect(store.getState().prospect).toEqual({
        status: 'error',
        message: 'Something went wrong on our side. Please try again.',
      }),
    )
    store.getState().retry()
    await vi.waitFor(() => expect(store.getState().prospect.status).toBe('loaded'))
    expect(fetchProspect.mock.calls.map(([slug]) => slug)).toEqual([
      'harbor-realty',
      'harbor-realty',
      'harbor-realty',
    ])
  })

  it('says calls are not available yet while there is no voice client', async () => {
    const store = await loadedStore()
    store.getState().toggleBrowserCall()
    expect(store.getState()).toMatchObject({ call: 'idle', notice: BROWSER_CALL_UNAVAILABLE })
    store.getState().requestPhoneCall()
    expect(store.getState().notice).toBe(PHONE_CALL_UNAVAILABLE)
  })

  it('follows the voice client: idle, connecting, connected, stopping, idle', async () => {
    const { client, emit } = createFakeVoiceClient()
    const store = await loadedStore({ voiceClient: client })
    store.getState().toggleBrowserCall()
    expect(store.getState().call).toBe('connecting')
    expect(client.start).toHaveBeenCalledWith({
      assistantId: null,
      firstMessage: prospects['bright-smile-dental']?.firstMessage,
      system: prospects['bright-smile-dental']?.system,
    })
    emit('call-start')
    expect(store.getState().call).toBe('connected')
    store.getState().toggleBrowserCall()
    expect(store.getState().call).toBe('stopping')
    expect(client.stop).toHaveBeenCalledOnce()
    emit('call-end')
    expect(store.getState().call).toBe('idle')
  })

  it('returns to idle with a message when the call cannot start', async () => {
    const { client } = createFakeVoiceClient()
    client.start.mockRejectedValueOnce(new Error('NotAllowedError'))
    const store = await loadedStore({ voiceClient: client })
    store.getState().toggleBrowserCall()
    await vi.waitFor(() =>
      expect(store.getState()).toMatchObject({ call: 'idle', notice: CALL_START_FAILED }),
    )
  })

  it('stops a live call and stops listening when disposed', async () => {
    const { client, emit, listeners } = createFakeVoiceClient()
    const store = await loadedStore({ voiceClient: client })
    store.getState().toggleBrowserCall()
    emit('call-start')
    store.getState().dispose()
    expect(client.stop).toHaveBeenCalledOnce()
    expect(listeners()).toBe(0)
  })
})
