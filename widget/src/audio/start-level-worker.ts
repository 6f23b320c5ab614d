import { type Remote, releaseProxy, wrap } from 'comlink'
import type { AudioLevelApi } from '../../../worker/audio-level-api.ts'
// Inlined into this chunk and started from a `blob:` URL: a worker script fetched from our origin
// cannot start on a partner's page (SecurityError, even with CORS).
import AudioLevelWorker from '../../../worker/audio-levels.worker.ts?worker&inline'

export interface LevelWorker {
  api: Remote<AudioLevelApi>
  terminate(): void
}

/** How long a worker may take to answer before the meter gives up on it and draws on the main thread. */
const START_TIMEOUT_MS = 3000

/**
 * Starts the audio-level worker and waits for its first answer, so the canvas is transferred only to a
 * worker that runs. Resolves null where it cannot start: a CSP without `blob:` in `worker-src` makes
 * the constructor throw or the worker fail with an `error` event, depending on the browser.
 */
export async function startLevelWorker(timeoutMs = START_TIMEOUT_MS): Promise<LevelWorker | null> {
  let worker: Worker
  try {
    worker = new AudioLevelWorker({ name: 'voice-demo-audio-levels' })
  } catch {
    return null
  }
  const api = wrap<AudioLevelApi>(worker)
  let timer: ReturnType<typeof setTimeout> | undefined
  const failed = new Promise<false>((resolve) => {
    worker.addEventListener('error', () => resolve(false), { once: true })
    timer = setTimeout(() => resolve(false), timeoutMs)
  })
  const started = await Promise.race([
    api.ping().then(
      () => true,
      () => false,
    ),
    failed,
  ])
  clearTimeout(timer)
  if (started) return { api, terminate: () => worker.terminate() }
  api[releaseProxy]()
  worker.terminate()
  return null
}
