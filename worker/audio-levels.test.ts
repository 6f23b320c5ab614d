import { describe, expect, it } from 'vitest'
import { createSpeechDetector, getRmsLevel, getVolumeLevel, type SpeechEvent } from './audio-levels.ts'

describe('getVolumeLevel', () => {
  it('scales the summed level so that 0.15 is full volume, and caps at 1', () => {
    expect(getVolumeLevel(0)).toBe(0)
    expect(getVolumeLevel(0.075)).toBeCloseTo(0.5)
    expect(getVolumeLevel(0.15)).toBe(1)
    expect(getVolumeLevel(0.9)).toBe(1)
  })

  it('treats negative or missing levels as silence', () => {
    expect(getVolumeLevel(-0.2)).toBe(0)
    expect(getVolumeLevel(Number.NaN)).toBe(0)
  })
})

describe('getRmsLevel', () => {
  it('measures the root mean square of the samples', () => {
    expect(getRmsLevel(new Float32Array([0.5, -0.5, 0.5, -0.5]))).toBeCloseTo(0.5)
    expect(getRmsLevel(new Float32Array([1, 0, 0, 0]))).toBeCloseTo(0.5)
    expect(getRmsLevel(new Float32Array(128))).toBe(0)
  })

  it('reads an empty frame as silence instead of NaN', () => {
    expect(getRmsLevel(new Float32Array(0))).toBe(0)
  })
})

/** Feeds [level, timeMs] samples and lists the events with the time they happened. */
function run(samples: Array<[number, number]>): Array<[SpeechEvent, number]> {
  const detector = createSpeechDetector()
  const events: Array<[SpeechEvent, number]> = []
  for (const [level, time] of samples) {
    const event = detector.push(level, time)
    if (event) events.push([event, time])
  }
  return events
}

describe('createSpeechDetector', () => {
  it('starts speech when the level rises above 0.01, and only once while it stays up', () => {
    expect(
      run([
        [0.01, 0],
        [0.02, 100],
        [0.5, 200],
      ]),
    ).toEqual([['speech-start', 100]])
  })

  it('ends speech once the level has stayed at or below 0.01 for 1000 ms', () => {
    expect(
      run([
        [0.2, 0],
        [0, 100],
        [0, 1000],
        [0, 1100],
        [0, 1200],
      ]),
    ).toEqual([
      ['speech-start', 0],
      ['speech-end', 1100],
    ])
  })

  it('keeps speaking through pauses shorter than a second', () => {
    expect(
      run([
        [0.2, 0],
        [0, 100],
        [0, 900],
        [0.3, 1000],
        [0, 1100],
        [0, 2000],
        [0, 2100],
      ]),
    ).toEqual([
      ['speech-start', 0],
      ['speech-end', 2100],
    ])
  })

  it('reports whether speech is under way', () => {
    const detector = createSpeechDetector()
    expect(detector.speaking).toBe(false)
    detector.push(0.5, 0)
    expect(detector.speaking).toBe(true)
    detector.push(0, 10)
    detector.push(0, 1010)
    expect(detector.speaking).toBe(false)
  })
})
