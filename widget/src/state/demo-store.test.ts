import { describe, expect, it, vi } from 'vitest'
import { AppError } from '../../../core/errors.ts'
import type { ProspectResponse } from '../../../core/prospect.ts'
import { prospects } from '../testing/fake-fetch.ts'
import { createFakeVoiceClient } from '../testing/fake-voice-client.ts'
import { createBrowserCall } from '../voice/browser-call.ts'
import { CALL_TEXT } from '../voice/call-text.ts'
import type { VoiceClient } from '../voice/voice-client.ts'
import { createDemoStore, type DemoDeps, VOICE_NOT_CONFIGURED } from './demo-store.ts'

const answer = (slug: string): ProspectResponse => ({
  prospect: prospects[slug] ?? (prospects.visitor as ProspectResponse['prospect']),
  fallback: !prospects[slug],
})
/** Lazy parts that never arrive in time to matter: each test brings the one it exercises. */
const LAZY: Pick<DemoDeps, 'loadBrowserCall' | 'loadPhoneDialog'> = {
  loadBrowserCall: async () => null,
  loadPhoneDialog: async () => () => null,
}
const loadedStore = async (deps: Partial<DemoDeps> = {}) => {
  const store = createDemoStore({ fetchProspect: async (slug) => answer(slug), ...LAZY, ...deps })
  store.getState().load('bright-smile-dental', 'https://api.example.com/')
  await vi.waitFor(() => expect(store.getState().prospect.status).toBe('loaded'))
  return store
}

/** The call chunk as `voice-demo.tsx` loads it, over a fake voice client. */
const withClient =
  (client: VoiceClient): DemoDeps['loadBrowserCall'] =>
  async (host) =>
    createBrowserCall(host, client)

/** Lets the lazily loaded call chunk arrive and the call start. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createDemoStore', () => {
  it('asks in a task of its own, and not at all for a load superseded before then', async () => {
    const fetchProspect = vi.fn<DemoDeps['fetchProspect']>(async (slug) => answer(slug))
    const store = createDemoStore({ fetchProspect, ...LAZY })
    store.getState().load('bright-smile-dental', 'https://api.example.com/')
    store.getState().load('harbor-realty', 'https://api.example.com/')
    expect(fetchProspect).not.toHaveBeenCalled() // the panel paints first
    await vi.waitFor(() => expect(store.getState().prospect.status).toBe('loaded'))
    expect(fetchProspect.mock.calls.map(([slug]) => slug)).toEqual(['harbor-realty'])
  })

  it('keeps only the answer to the latest load when requests overlap', async () => {
    let resolveFirst: (value: ProspectResponse) => void = () => {}
    const fetchProspect = vi
      .fn<DemoDeps['fetchProspect']>()
      .mockImplementationOnce(() => new Promise((resolve) => (resolveFirst = resolve)))
      .mockImplementation(async (slug) => answer(slug))
    const store = createDemoStore({ fetchProspect, ...LAZY })
    store.getState().load('bright-smile-dental', 'https://api.example.com/')
    await vi.waitFor(() => expect(fetchProspect).toHaveBeenCalledOnce())
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
    const store = createDemoStore({ fetchProspect, ...LAZY })
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

  it('takes a click on Test in Browser while the prospect loads, and starts the call for it once it arrives', async () => {
    const { client } = createFakeVoiceClient()
    let arrive: (value: ProspectResponse) => void = () => {}
    const store = createDemoStore({
      fetchProspect: () => new Promise((resolve) => (arrive = resolve)),
      ...LAZY,
      loadBrowserCall: withClient(client),
    })
    store.getState().load('harbor-realty', 'https://api.example.com/')
    store.getState().toggleBrowserCall()
    store.getState().toggleBrowserCall() // a second click while connecting is ignored
    await flush()
    expect(store.getState().call).toBe('connecting')
    expect(client.start).not.toHaveBeenCalled()

    arrive(answer('harbor-realty'))
    await flush()
    expect(client.start).toHaveBeenCalledOnce()
    expect(client.start).toHaveBeenCalledWith(
      expect.objectContaining({ firstMessage: prospects['harbor-realty']?.firstMessage }),
    )
  })

  it('gives up a click made while loading when the prospect fails to load, leaving the error to the panel', async () => {
    const { client } = createFakeVoiceClient()
    const store = createDemoStore({
      fetchProspect: async () => {
        throw new AppError('prospect_unavailable')
      },
      ...LAZY,
      loadBrowserCall: withClient(client),
    })
    store.getState().load('harbor-realty', 'https://api.example.com/')
    store.getState().toggleBrowserCall()
    await vi.waitFor(() => expect(store.getState().call).toBe('idle'))
    expect(store.getState()).toMatchObject({ prospect: { status: 'error' }, toast: null, notice: '' })
    expect(client.start).not.toHaveBeenCalled()
  })

  it('says the voice demo is not configured when the server has no public key', async () => {
    const store = await loadedStore({ loadBrowserCall: async () => null })
    store.getState().toggleBrowserCall()
    expect(store.getState().call).toBe('connecting')
    await flush()
    expect(store.getState()).toMatchObject({ call: 'idle', notice: VOICE_NOT_CONFIGURED, toast: null })
  })

  it('fetches the call chunk once, on intent, and retries after a failed fetch', async () => {
    const { client } = createFakeVoiceClient()
    const loadBrowserCall = vi
      .fn<DemoDeps['loadBrowserCall']>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(withClient(client))
    const store = await loadedStore({ loadBrowserCall })
    store.getState().prepareBrowserCall() // pointer over the button: fails quietly
    await flush()
    store.getState().prepareBrowserCall()
    store.getState().toggleBrowserCall()
    await flush()
    expect(loadBrowserCall).toHaveBeenCalledTimes(2)
    expect(client.start).toHaveBeenCalledOnce()
  })

  it('opens the phone dialog once its chunk arrives, and says so when it cannot load', async () => {
    const Dialog = () => null
    const loadPhoneDialog = vi
      .fn<DemoDeps['loadPhoneDialog']>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Dialog)
    const store = await loadedStore({ loadPhoneDialog })
    store.getState().openPhoneDialog()
    await vi.waitFor(() =>
      expect(store.getState().toast).toMatchObject({ title: 'Call Failed', variant: 'destructive' }),
    )
    expect(store.getState().phoneOpen).toBe(false)
    store.getState().preparePhoneDialog() // pointer over 'Call Me' again: fetched anew
    store.getState().openPhoneDialog()
    await vi.waitFor(() => expect(store.getState()).toMatchObject({ phoneOpen: true, phoneDialog: Dialog }))
    store.getState().closePhoneDialog()
    expect(store.getState()).toMatchObject({ phoneOpen: false, phoneDialog: Dialog })
    expect(loadPhoneDialog).toHaveBeenCalledTimes(2)
  })

  it('follows the voice client: idle, connecting, connected, stopping, idle, with a toast at each end', async () => {
    const { client, emit } = createFakeVoiceClient()
    const store = await loadedStore({ loadBrowserCall: withClient(client) })
    store.getState().toggleBrowserCall()
    await flush()
    expect(store.getState().call).toBe('connecting')
    expect(client.start).toHaveBeenCalledWith({
      assistantId: null,
      firstMessage: prospects['bright-smile-dental']?.firstMessage,
      system: prospects['bright-smile-dental']?.system,
    })
    emit('call-start')
    expect(store.getState()).toMatchObject({
      call: 'connected',
      toast: { title: 'Voice Assistant Connected', description: 'You can now speak with your AI assistant' },
    })
    store.getState().toggleBrowserCall()
    await flush()
    expect(store.getState().call).toBe('stopping')
    expect(client.stop).toHaveBeenCalledOnce()
    emit('call-end')
    expect(store.getState()).toMatchObject({
      call: 'idle',
      toast: { title: 'Voice Assistant Disconnected', description: 'Voice conversation has ended' },
    })
  })

  it('ignores a second click while connecting: one start, one call', async () => {
    const { client } = createFakeVoiceClient()
    const store = await loadedStore({ loadBrowserCall: withClient(client) })
    store.getState().toggleBrowserCall()
    await flush()
    store.getState().toggleBrowserCall()
    await flush()
    expect(client.start).toHaveBeenCalledOnce()
    expect(client.stop).not.toHaveBeenCalled()
    expect(store.getState().call).toBe('connecting')
  })

  it('names a refused microphone, and says something generic for any other start failure', async () => {
    const { client } = createFakeVoiceClient()
    client.start
      .mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'))
      .mockRejectedValueOnce(new Error('daily-js could not load'))
    const store = await loadedStore({ loadBrowserCall: withClient(client) })
    store.getState().toggleBrowserCall()
    await flush()
    await vi.waitFor(() =>
      expect(store.getState()).toMatchObject({
        call: 'idle',
        toast: {
          title: 'Connection Failed',
          description: CALL_TEXT.microphoneDenied,
          variant: 'destructive',
        },
      }),
    )
    store.getState().toggleBrowserCall()
    await flush()
    await vi.waitFor(() =>
      expect(store.getState().toast?.description).toBe('Failed to start voice assistant. Please try again.'),
    )
    expect(store.getState().call).toBe('idle')
  })

  it('shows the error message of a failing call, else the generic one, and resets both flags', async () => {
    const { client, emit } = createFakeVoiceClient()
    const store = await loadedStore({ loadBrowserCall: withClient(client) })
    store.getState().toggleBrowserCall()
    await flush()
    emit('call-start')
    store.getState().toggleMute()
    expect(store.getState().muted).toBe(true)
    emit('error', new Error('Meeting has ended'))
    expect(store.getState()).toMatchObject({
      call: 'idle',
      muted: false,
      toast: { title: 'Connection Failed', description: 'Meeting has ended' },
    })
    store.getState().toggleBrowserCall()
    await flush()
    emit('error', {})
    expect(store.getState().toast?.description).toBe('Failed to connect to voice assistant')
  })

  it('only resets to not connected when stopping fails: no error toast', async () => {
    const { client, emit } = createFakeVoiceClient()
    client.stop.mockRejectedValueOnce(new Error('already left'))
    const store = await loadedStore({ loadBrowserCall: withClient(client) })
    store.getState().toggleBrowserCall()
    await flush()
    emit('call-start')
    store.getState().dismissToast()
    store.getState().toggleBrowserCall()
    await flush()
    await vi.waitFor(() => expect(store.getState().call).toBe('idle'))
    expect(store.getState().toast).toBeNull()
  })

  it('toggles mute only while a call is live', async () => {
    const { client, emit } = createFakeVoiceClient()
    const store = await loadedStore({ loadBrowserCall: withClient(client) })
    store.getState().toggleMute()
    expect(store.getState().muted).toBe(false)
    store.getState().toggleBrowserCall()
    await flush()
    store.getState().toggleMute() // still connecting
    expect(client.setMuted).not.toHaveBeenCalled()
    emit('call-start')
    store.getState().toggleMute()
    store.getState().toggleMute()
    expect(client.setMuted.mock.calls).toEqual([[true], [false]])
    store.getState().toggleMute()
    emit('call-end')
    expect(store.getState().muted).toBe(false)
  })

  it('keeps one toast at a time, each for 5000 ms', async () => {
    const { client, emit } = createFakeVoiceClient()
    const store = await loadedStore({ loadBrowserCall: withClient(client) })
    store.getState().toggleBrowserCall()
    await flush()
    vi.useFakeTimers()
    try {
      emit('call-start')
      vi.advanceTimersByTime(4000)
      emit('error', new Error('Lost connection'))
      expect(store.getState().toast?.title).toBe('Connection Failed') // replaced, timer restarted
      vi.advanceTimersByTime(4999)
      expect(store.getState().toast).not.toBeNull()
      vi.advanceTimersByTime(1)
      expect(store.getState().toast).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it("tells the host page about the call and the agent's speech, as the meter detects it", async () => {
    const { client, emit } = createFakeVoiceClient()
    const events: string[] = []
    const store = await loadedStore({
      loadBrowserCall: withClient(client),
      emit: (event, message) => events.push(message ? `${event}: ${message}` : event),
    })
    let now = 0
    vi.spyOn(performance, 'now').mockImplementation(() => now)
    try {
      store.getState().toggleBrowserCall()
      store.getState().meterRef(document.createElement('canvas')) // as the panel's canvas does
      await flush()
      emit('call-start')
      const speak = async (volume: number, atMs: number) => {
        now = atMs
        emit('volume-level', volume)
        await flush()
      }
      await speak(0.5, 0) // summed level 0.075 > 0.01: speech starts
      await speak(0, 100)
      await speak(0, 1100) // 1000 ms of silence: speech ends
      await speak(1, 1200) // speaking again when the visitor hangs up
      store.getState().toggleBrowserCall()
      emit('call-end')
      store.getState().meterRef(null)
      await speak(1, 1300) // after the call: the meter is gone, nothing is detected
      client.start.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'))
      store.getState().toggleBrowserCall()
      await vi.waitFor(() => expect(events).toHaveLength(7))
    } finally {
      vi.restoreAllMocks()
    }
    expect(events).toEqual([
      'call-start',
      'speech-start',
      'speech-end',
      'speech-start',
      'speech-end', // closed before the call ends
      'call-end',
      `error: ${CALL_TEXT.microphoneDenied}`,
    ])
  })

  it('ends a call that is still connecting when the element goes away', async () => {
    const { client } = createFakeVoiceClient()
    const store = await loadedStore({ loadBrowserCall: withClient(client) })
    store.getState().toggleBrowserCall()
    await flush()
    store.getState().dispose()
    expect(client.stop).toHaveBeenCalledOnce()
  })

  it('stops a live call and stops listening when disposed', async () => {
    const { client, emit, listeners } = createFakeVoiceClient()
    const store = await loadedStore({ loadBrowserCall: withClient(client) })
    store.getState().toggleBrowserCall()
    await flush()
    emit('call-start')
    store.getState().dispose()
    expect(client.stop).toHaveBeenCalledOnce()
    expect(listeners()).toBe(0)
  })
})
