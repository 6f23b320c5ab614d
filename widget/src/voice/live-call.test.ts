import { describe, expect, it } from 'vitest'
import { addTranscript, createLiveCallStore, formatElapsed, startLiveCall } from './live-call.ts'

describe('formatElapsed', () => {
  it('reads m:ss, whole seconds, never below zero', () => {
    expect(formatElapsed(0)).toBe('0:00')
    expect(formatElapsed(999)).toBe('0:00')
    expect(formatElapsed(7_000)).toBe('0:07')
    expect(formatElapsed(102_000)).toBe('1:42')
    expect(formatElapsed(725_000)).toBe('12:05')
    expect(formatElapsed(-3_000)).toBe('0:00') // a clock that stepped back
  })
})

describe('the live call', () => {
  it("replaces each speaker's last line, and a new call clears them but keeps the captions choice", () => {
    const live = createLiveCallStore()
    expect(live.getState()).toMatchObject({ startedAt: null, speaking: false, captionsHidden: false })

    startLiveCall(live, 1_000)
    addTranscript(live, { speaker: 'visitor', text: 'Hello', final: true })
    addTranscript(live, { speaker: 'agent', text: 'Hi', final: false })
    addTranscript(live, { speaker: 'agent', text: 'Hi there!', final: true })
    expect(live.getState().captions).toEqual({
      agent: { speaker: 'agent', text: 'Hi there!', final: true },
      visitor: { speaker: 'visitor', text: 'Hello', final: true },
    })

    live.setState({ speaking: true, captionsHidden: true })
    startLiveCall(live, 9_000)
    expect(live.getState()).toEqual({
      startedAt: 9_000,
      speaking: false,
      captions: { agent: null, visitor: null },
      captionsHidden: true,
    })
  })
})
