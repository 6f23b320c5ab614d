import { describe, expect, it } from 'vitest'
import { createAudioLevelApi } from './audio-level-api.ts'
import type { LevelCanvas } from './level-visualizer.ts'

/** A canvas whose 2D context records the bars drawn in the last frame. */
function createRecordingCanvas() {
  const frames: Array<{ color: unknown; heights: number[] }> = []
  const context = {
    fillStyle: '' as unknown,
    clearRect: () => frames.push({ color: '', heights: [] }),
    fillRect(_x: number, _y: number, _w: number, h: number) {
      const frame = frames.at(-1)
      if (frame) {
        frame.color = context.fillStyle
        frame.heights.push(h)
      }
    },
  }
  const canvas: LevelCanvas = { width: 50, height: 20, getContext: () => context }
  return { canvas, frames }
}

/** A frame of microphone samples whose RMS is `level`. */
const samples = (level: number) => new Float32Array(128).fill(level)

describe('createAudioLevelApi', () => {
  it('turns summed remote levels into volume and speech events', () => {
    const api = createAudioLevelApi()
    api.setLive(true)
    expect(api.pushRemote(0.075, 0)).toEqual({ volume: 0.5, speech: 'speech-start' })
    expect(api.pushRemote(0.3, 100)).toEqual({ volume: 1, speech: null })
    expect(api.pushRemote(0, 200).speech).toBeNull()
    expect(api.pushRemote(0, 1200)).toEqual({ volume: 0, speech: 'speech-end' })
  })

  it('reads NaN levels and empty frames as silence instead of throwing', () => {
    const api = createAudioLevelApi()
    expect(api.pushRemote(Number.NaN, 0)).toEqual({ volume: 0, speech: null })
    expect(api.pushMicrophone(samples(Number.NaN), 0)).toBe(0)
    expect(api.pushMicrophone(new Float32Array(0), 0)).toBe(0)
    expect(api.getState().peakLocal).toBe(0)
  })

  it('smooths levels: rising fast, falling slowly', () => {
    const api = createAudioLevelApi()
    api.pushRemote(0.15, 0)
    const risen = api.getState().remote
    expect(risen).toBeCloseTo(0.6)
    api.pushRemote(0, 100)
    expect(api.getState().remote).toBeCloseTo(risen * 0.7)
  })

  it('keeps the microphone peak so a caller can tell the microphone reached the meter', () => {
    const api = createAudioLevelApi()
    api.pushMicrophone(samples(0.2), 0)
    api.pushMicrophone(samples(0.05), 100)
    expect(api.getState().peakLocal).toBeCloseTo(0.2)
    expect(api.getState().local).toBeGreaterThan(0)
  })

  it('draws taller bars for louder samples, and nothing when a sample changes no level', () => {
    const { canvas, frames } = createRecordingCanvas()
    const api = createAudioLevelApi()
    api.attachCanvas(canvas)
    api.setLive(true)
    const quiet = frames.at(-1)?.heights ?? []
    api.pushRemote(0.15, 0)
    const loud = frames.at(-1)?.heights ?? []
    expect(loud).toHaveLength(5)
    expect(Math.max(...loud)).toBeGreaterThan(Math.max(...quiet))
    expect(frames.at(-1)?.color).toBe('#4f46e5')

    const drawn = api.getState().frames
    api.pushMicrophone(samples(0), 100)
    api.pushMicrophone(samples(0), 200)
    expect(api.getState().frames).toBe(drawn)
  })

  it('resets levels and speech when the call ends, drawing the idle meter once', () => {
    const { canvas, frames } = createRecordingCanvas()
    const api = createAudioLevelApi()
    api.attachCanvas(canvas)
    api.setLive(true)
    api.pushRemote(0.1, 0)
    const ended = api.setLive(false)
    expect(ended).toMatchObject({ remote: 0, local: 0, speaking: false, live: false })
    expect(frames.at(-1)?.color).toBe('#cbd5e1')
    // A new call starts speech afresh instead of continuing the old one.
    api.setLive(true)
    expect(api.pushRemote(0.1, 50).speech).toBe('speech-start')
  })
})
