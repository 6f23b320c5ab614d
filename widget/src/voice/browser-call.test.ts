import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { getVisitId, keepVisit } from '#core/engagement-visit.ts'
import { fakeVisitOf, prospects } from '../testing/fake-fetch.ts'
import { createFakeVoiceClient } from '../testing/fake-voice-client.ts'
import { connectTo, flush, loadedStore, shownToast } from '../testing/test-demo-store.ts'
import { dismissToast } from '../toast/page-toast.ts'
import { dismissToastOf, loadToasts } from '../toast/toasts.ts'
import { CALL_TEXT } from './call-text.ts'

beforeAll(() => loadToasts()) // as on intent: the toast chunk is there when a toast comes
afterEach(() => {
  dismissToast()
  vi.restoreAllMocks()
})

/** A loaded store whose call chunk runs over a fake voice client; `owner` gets its toasts. */
async function callStore(deps: Parameters<typeof loadedStore>[0] = {}) {
  const fake = createFakeVoiceClient()
  const { chunk, call } = connectTo(fake.client)
  const owner = {}
  const store = await loadedStore({ call: chunk, owner, ...deps })
  return { ...fake, store, call, owner }
}

describe('the browser call', () => {
  it('follows the voice client: idle, connecting, connected, stopping, idle, with a toast at each end', async () => {
    const { client, emit, store, owner } = await callStore()
    store.getState().startCall()
    await flush()
    expect(store.getState().call).toBe('connecting')
    expect(client.start).toHaveBeenCalledWith({
      assistantId: null,
      agent: {
        firstMessage: prospects['bright-smile-dental']?.firstMessage,
        system: prospects['bright-smile-dental']?.system,
        variableValues: prospects['bright-smile-dental']?.variables,
        // On the platform's call, for its end-of-call report: the prospect, the tab's visit, the button.
        metadata: {
          prospectSlug: 'bright-smile-dental',
          visitId: getVisitId('bright-smile-dental'),
          source: 'browser',
        },
        recordingEnabled: false,
        ownAssistant: false,
      },
    })
    emit('call-start')
    expect(store.getState().call).toBe('connected')
    await vi.waitFor(() =>
      expect(shownToast()).toMatchObject({
        owner,
        title: 'Voice Assistant Connected',
        description: 'You can now speak with your AI assistant',
      }),
    )
    store.getState().stopCall()
    await flush()
    expect(store.getState().call).toBe('stopping')
    expect(client.stop).toHaveBeenCalledOnce()
    emit('call-end')
    expect(store.getState().call).toBe('idle')
    await vi.waitFor(() =>
      expect(shownToast()).toMatchObject({
        title: 'Voice Assistant Disconnected',
        description: 'Voice conversation has ended',
      }),
    )
  })

  it('ignores a second click while connecting: one start, one call', async () => {
    const { client, store } = await callStore()
    store.getState().startCall()
    await flush()
    store.getState().startCall()
    await flush()
    expect(client.start).toHaveBeenCalledOnce()
    expect(client.stop).not.toHaveBeenCalled()
    expect(store.getState().call).toBe('connecting')
  })

  it('names a refused microphone, and says something generic for any other start failure', async () => {
    const { client, store } = await callStore()
    client.start
      .mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'))
      .mockRejectedValueOnce(new Error('daily-js could not load'))
    store.getState().startCall()
    await vi.waitFor(() =>
      expect(shownToast()).toMatchObject({
        title: 'Connection Failed',
        description: CALL_TEXT.microphoneDenied,
        variant: 'destructive',
      }),
    )
    expect(store.getState().call).toBe('idle')
    store.getState().startCall()
    await vi.waitFor(() =>
      expect(shownToast()?.description).toBe('Failed to start voice assistant. Please try again.'),
    )
    expect(store.getState().call).toBe('idle')
  })

  it("says the generic words for a failing call, never the platform's, and resets both flags", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { emit, store } = await callStore()
    store.getState().startCall()
    await flush()
    emit('call-start')
    store.getState().toggleMute()
    expect(store.getState().muted).toBe(true)
    emit(
      'error',
      new Error('Invalid Key. Hot tip, you may be using the private key instead of the public key.'),
    )
    expect(store.getState()).toMatchObject({ call: 'idle', muted: false })
    await vi.waitFor(() =>
      expect(shownToast()).toMatchObject({
        title: 'Connection Failed',
        description: 'Failed to connect to voice assistant',
      }),
    )
    // The platform's words are for whoever runs the demo: on the console, not in the panel.
    expect(String(logged.mock.calls[0]?.[1])).toContain('Invalid Key')
    store.getState().startCall()
    await flush()
    emit('error', {})
    await vi.waitFor(() => expect(shownToast()?.description).toBe('Failed to connect to voice assistant'))
  })

  it('only resets to not connected when stopping fails: no error toast', async () => {
    const { client, emit, store } = await callStore()
    client.stop.mockRejectedValueOnce(new Error('already left'))
    store.getState().startCall()
    await flush()
    emit('call-start')
    await vi.waitFor(() => expect(shownToast()?.title).toBe('Voice Assistant Connected'))
    dismissToastOf(store.owner)
    store.getState().stopCall()
    await vi.waitFor(() => expect(store.getState().call).toBe('idle'))
    await flush()
    expect(shownToast()).toBeNull()
  })

  it('toggles mute only while a call is live', async () => {
    const { client, emit, store } = await callStore()
    store.getState().toggleMute()
    expect(store.getState().muted).toBe(false)
    store.getState().startCall()
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

  it('ends a call that is still connecting when the element goes away', async () => {
    const { client, store } = await callStore()
    store.getState().startCall()
    await flush()
    store.getState().dispose()
    expect(client.stop).toHaveBeenCalledOnce()
  })

  it('stops a live call and stops listening when disposed', async () => {
    const { client, emit, listeners, store } = await callStore()
    store.getState().startCall()
    await flush()
    emit('call-start')
    store.getState().dispose()
    expect(client.stop).toHaveBeenCalledOnce()
    expect(listeners()).toBe(0)
  })
})

describe('what the call view shows', () => {
  it("tells the view and the host page about the agent's speech, as the meter on the view's canvas detects it", async () => {
    const events: string[] = []
    const { client, emit, store, call } = await callStore({
      emit: (event, message) => events.push(message ? `${event}: ${message}` : event),
    })
    let now = 0
    vi.spyOn(performance, 'now').mockImplementation(() => now)
    store.getState().startCall()
    await flush()
    emit('call-start')
    const detach = call().attachMeter(document.createElement('canvas')) // the view mounts
    await flush()
    const speaking: boolean[] = []
    call().live.subscribe(
      (state, before) => state.speaking !== before.speaking && speaking.push(state.speaking),
    )
    const speak = async (volume: number, atMs: number) => {
      now = atMs
      emit('volume-level', volume)
      await flush()
    }
    await speak(0.5, 0) // summed level 0.075 > 0.01: speech starts
    await speak(0, 100)
    await speak(0, 1100) // 1000 ms of silence: speech ends
    await speak(1, 1200) // speaking again when the visitor hangs up
    store.getState().stopCall()
    emit('call-end')
    detach() // the view goes with the call
    await speak(1, 1300) // after the call: the meter is gone, nothing is detected
    client.start.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'))
    store.getState().startCall()
    await vi.waitFor(() => expect(events).toHaveLength(7))

    expect(events).toEqual([
      'call-start',
      'speech-start',
      'speech-end',
      'speech-start',
      'speech-end', // closed before the call ends
      'call-end',
      `error: ${CALL_TEXT.microphoneDenied}`,
    ])
    expect(speaking).toEqual([true, false, true, false])
  })

  it("keeps each side's last line, a partial one replaced as the words come, and starts afresh with each call", async () => {
    const { emit, store, call } = await callStore()
    store.getState().startCall()
    await flush()
    const before = Date.now()
    emit('call-start')
    const live = () => call().live.getState()
    expect(live().startedAt).toBeGreaterThanOrEqual(before)

    emit('transcript', { speaker: 'agent', text: 'Thanks for', final: false })
    emit('transcript', { speaker: 'agent', text: 'Thanks for calling!', final: true })
    emit('transcript', { speaker: 'visitor', text: 'Hi, I need', final: false })
    expect(live().captions).toEqual({
      agent: { speaker: 'agent', text: 'Thanks for calling!', final: true },
      visitor: { speaker: 'visitor', text: 'Hi, I need', final: false },
    })

    emit('call-end')
    call().live.setState({ captionsHidden: true }) // the visitor's choice, kept for the next call
    store.getState().startCall()
    await flush()
    emit('call-start')
    expect(live()).toMatchObject({
      captions: { agent: null, visitor: null },
      speaking: false,
      captionsHidden: true,
    })
  })

  it("shows what the agent does during the call, from the call's own stream for this prospect and visit", async () => {
    const opened: string[] = []
    vi.stubGlobal(
      'EventSource',
      class {
        constructor(url: string | URL) {
          opened.push(String(url))
        }
        addEventListener() {}
        close() {}
      },
    )
    // The page counted as opened: the tab has its visit of the prospect.
    keepVisit('bright-smile-dental', fakeVisitOf('bright-smile-dental'))
    const { client, store } = await callStore()
    client.callId.mockReturnValue('call-9')
    store.getState().startCall()
    await vi.waitFor(() => expect(opened).toHaveLength(1))
    const url = new URL(opened[0] as string)
    expect(url.pathname).toBe('/api/demo-actions')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      call: 'call-9',
      slug: 'bright-smile-dental',
      visit: getVisitId('bright-smile-dental'),
    })
    vi.unstubAllGlobals()
  })
})
