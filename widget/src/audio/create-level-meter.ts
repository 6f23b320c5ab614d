import { transfer } from 'comlink'
import { type AudioLevelApi, createAudioLevelApi, type LevelState } from '../../../worker/audio-level-api.ts'
import type { SpeechEvent } from '../../../worker/audio-levels.ts'
import { startLevelWorker } from './start-level-worker.ts'

/**
 * The call's audio-level meter. Only the call chunk imports this module, so neither the worker nor
 * comlink reaches the first paint.
 */
export interface LevelMeter {
  /** Where the levels are processed: `main-thread` where the page's CSP forbids `blob:` workers. */
  readonly mode: 'worker' | 'main-thread'
  /** A call went live (true) or ended (false); the meter draws only while levels move. */
  setLive(live: boolean): void
  /** The summed remote level (as the SDK reports it, every ~100 ms); `timeMs` on any monotonic clock. */
  pushRemote(summedLevel: number, timeMs?: number): void
  /** One frame of microphone samples (-1..1); its buffer is transferred to the worker, so do not reuse it. */
  pushMicrophone(frame: Float32Array, timeMs?: number): void
  /** Subscribes to the agent's speech start and end; returns the function that unsubscribes. */
  onSpeech(listener: (event: SpeechEvent) => void): () => void
  getState(): Promise<LevelState>
  close(): void
}

type AsyncApi = {
  [K in keyof AudioLevelApi]: (...args: Parameters<AudioLevelApi[K]>) => Promise<ReturnType<AudioLevelApi[K]>>
}

/**
 * Starts the meter on `canvas`: in a worker that owns the canvas as an OffscreenCanvas where it can,
 * else on the main thread with the same code. Never rejects; failures only change `mode`.
 */
export async function createLevelMeter(canvas: HTMLCanvasElement): Promise<LevelMeter> {
  const worker = typeof canvas.transferControlToOffscreen === 'function' ? await startLevelWorker() : null
  let api: AsyncApi
  if (worker) {
    const offscreen = canvas.transferControlToOffscreen()
    await worker.api.attachCanvas(transfer(offscreen, [offscreen]))
    api = worker.api as unknown as AsyncApi
  } else {
    const local = createAudioLevelApi()
    local.attachCanvas(canvas)
    api = {
      ping: async () => local.ping(),
      attachCanvas: async (target) => local.attachCanvas(target),
      setLive: async (live) => local.setLive(live),
      pushRemote: async (level, time) => local.pushRemote(level, time),
      pushMicrophone: async (frame, time) => local.pushMicrophone(frame, time),
      getState: async () => local.getState(),
    }
  }
  return wrapApi(api, worker ? 'worker' : 'main-thread', () => worker?.terminate())
}

function wrapApi(api: AsyncApi, mode: LevelMeter['mode'], terminate: () => void): LevelMeter {
  const listeners = new Set<(event: SpeechEvent) => void>()
  let closed = false
  // Samples are fire-and-forget; a meter that fails stays quiet instead of throwing into the call.
  const ignore = (): void => {}
  return {
    mode,
    setLive: (live) => void (closed || api.setLive(live).catch(ignore)),
    pushRemote(summedLevel, timeMs = performance.now()) {
      if (closed) return
      api.pushRemote(summedLevel, timeMs).then(({ speech }) => {
        if (speech && !closed) for (const listener of listeners) listener(speech)
      }, ignore)
    },
    // Samples move to the worker instead of being copied (4 KB every 100 ms); `transfer` only marks
    // the frame, so the main-thread fallback receives it as is.
    pushMicrophone: (frame, timeMs = performance.now()) =>
      void (closed || api.pushMicrophone(transfer(frame, [frame.buffer]), timeMs).catch(ignore)),
    onSpeech(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getState: () => api.getState(),
    close() {
      closed = true
      listeners.clear()
      terminate()
    },
  }
}
