/**
 * Audio-level DSP for the browser call, kept pure so it runs the same in the worker, on the
 * main thread (the fallback where a page's CSP forbids `blob:` workers) and in tests.
 */

/** A summed remote level at or above this counts as full volume. */
export const FULL_VOLUME_LEVEL = 0.15
/** A combined remote level above this means the agent is speaking. */
export const SPEAKING_THRESHOLD = 0.01
/** Silence must last this long before speech counts as ended, so pauses between words do not. */
export const SPEECH_END_DELAY_MS = 1000

/** The 0..1 volume shown to a person, from the summed level of the remote participants. */
export function getVolumeLevel(summedLevel: number): number {
  if (!(summedLevel > 0)) return 0 // also maps NaN to silence
  return Math.min(1, summedLevel / FULL_VOLUME_LEVEL)
}

/** Root-mean-square level of one frame of samples in -1..1; an empty frame is silence. */
export function getRmsLevel(frame: Float32Array): number {
  if (frame.length === 0) return 0
  let sum = 0
  for (const sample of frame) sum += sample * sample
  return Math.sqrt(sum / frame.length)
}

export type SpeechEvent = 'speech-start' | 'speech-end'

export interface SpeechDetector {
  /**
   * Feeds one combined level sampled at `timeMs` (any monotonic clock) and returns the event it
   * causes, if any. No timers: speech end is noticed by the first sample at least
   * SPEECH_END_DELAY_MS after the level dropped, so the caller's sampling interval sets the latency.
   */
  push(level: number, timeMs: number): SpeechEvent | null
  readonly speaking: boolean
}

export function createSpeechDetector(): SpeechDetector {
  let speaking = false
  let quietSince: number | null = null

  return {
    get speaking() {
      return speaking
    },
    push(level, timeMs) {
      if (level > SPEAKING_THRESHOLD) {
        quietSince = null
        if (speaking) return null
        speaking = true
        return 'speech-start'
      }
      if (!speaking) return null
      quietSince ??= timeMs
      if (timeMs - quietSince < SPEECH_END_DELAY_MS) return null
      speaking = false
      quietSince = null
      return 'speech-end'
    },
  }
}
