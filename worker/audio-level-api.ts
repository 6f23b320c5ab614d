import { createSpeechDetector, getRmsLevel, getVolumeLevel, type SpeechEvent } from './audio-levels.ts'
import { drawLevelFrame, type LevelCanvas } from './level-visualizer.ts'

/** A microphone RMS at or above this fills the meter. */
const LOCAL_FULL_RMS = 0.1
/** Smaller level changes move no bar by a visible pixel, so they are not drawn. */
const MIN_VISIBLE_CHANGE = 0.01

/** What the meter knows after each sample: plain data, so it crosses the worker boundary as is. */
export interface LevelState {
  /** Smoothed remote (agent) volume, 0..1. */
  remote: number
  /** Smoothed local (microphone) level, 0..1. */
  local: number
  /** The highest raw microphone level received, so a test can tell the microphone reached us. */
  peakLocal: number
  speaking: boolean
  live: boolean
  /** Frames drawn so far: stays put while idle, because nothing draws without a new sample. */
  frames: number
}

export interface RemoteSampleResult {
  volume: number
  speech: SpeechEvent | null
}

/**
 * The audio-level API, exposed by the worker through comlink and run as is on the main thread where
 * a page forbids `blob:` workers. No timers and no animation loop: a frame is drawn only when a
 * sample moves a level, so an idle meter costs nothing. Bad input is read as silence, never thrown.
 */
export function createAudioLevelApi() {
  let canvas: LevelCanvas | null = null
  let detector = createSpeechDetector()
  const state: LevelState = { remote: 0, local: 0, peakLocal: 0, speaking: false, live: false, frames: 0 }
  let drawn = { remote: -1, local: -1, live: false }

  const draw = (): void => {
    const changed =
      Math.abs(state.remote - drawn.remote) > MIN_VISIBLE_CHANGE ||
      Math.abs(state.local - drawn.local) > MIN_VISIBLE_CHANGE ||
      state.live !== drawn.live
    if (!canvas || !changed) return
    drawLevelFrame(canvas, state)
    drawn = { remote: state.remote, local: state.local, live: state.live }
    state.frames += 1
  }

  return {
    /** Resolves once the API answers: the main thread's proof that the worker started. */
    ping: (): true => true,
    attachCanvas(target: LevelCanvas): void {
      canvas = target
      drawn = { remote: -1, local: -1, live: !state.live }
      draw()
    },
    /** A call went live (true) or ended (false); ending resets levels and speech and draws once. */
    setLive(live: boolean): LevelState {
      state.live = live
      if (!live) {
        state.remote = 0
        state.local = 0
        state.speaking = false
        detector = createSpeechDetector()
      }
      draw()
      return { ...state }
    },
    /** One summed remote level (the SDK's sum over remote participants) sampled at `timeMs`. */
    pushRemote(summedLevel: number, timeMs: number): RemoteSampleResult {
      const volume = getVolumeLevel(summedLevel)
      const speech = detector.push(Number.isFinite(summedLevel) ? summedLevel : 0, timeMs)
      state.speaking = detector.speaking
      state.remote = smooth(state.remote, volume)
      draw()
      return { volume, speech }
    },
    /**
     * One frame of microphone samples (-1..1) taken at `timeMs`; the level is its RMS, computed here so
     * the main thread only copies samples. Returns the smoothed level.
     */
    pushMicrophone(frame: Float32Array, _timeMs: number): number {
      const level = getRmsLevel(frame)
      const clean = Number.isFinite(level) ? Math.min(1, level) : 0
      state.peakLocal = Math.max(state.peakLocal, clean)
      // Speech RMS mostly stays between 0.01 and 0.1: a square root spreads that range over the bars.
      state.local = smooth(state.local, Math.min(1, Math.sqrt(clean / LOCAL_FULL_RMS)))
      draw()
      return state.local
    },
    getState: (): LevelState => ({ ...state }),
  }
}

export type AudioLevelApi = ReturnType<typeof createAudioLevelApi>

/** Rises fast and falls slowly, as level meters do, so the bars do not flicker between samples. */
function smooth(previous: number, next: number): number {
  const value = previous + (next - previous) * (next > previous ? 0.6 : 0.3)
  return value < 0.001 ? 0 : value
}
