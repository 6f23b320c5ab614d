import { getRmsLevel } from '../../../worker/audio-levels.ts'

/** The microphone level is sampled this often, like the SDK's remote level. */
const SAMPLE_INTERVAL_MS = 100

/**
 * Reads the microphone level (RMS of the latest frame, 0..1) from `stream` every 100 ms and hands it
 * to `onLevel`. Runs only during a call: the returned `stop` clears the timer and closes the audio
 * graph, so nothing keeps ticking once the call ends. It does not stop the stream's tracks, which
 * belong to the call.
 */
export function readMicrophoneLevel(
  stream: MediaStream,
  onLevel: (level: number, timeMs: number) => void,
): () => void {
  const context = new AudioContext()
  const source = context.createMediaStreamSource(stream)
  const analyser = context.createAnalyser()
  analyser.fftSize = 1024
  source.connect(analyser)
  // Created after a click it runs; resume() covers a browser that started it suspended anyway.
  void context.resume().catch(() => {})
  const frame = new Float32Array(analyser.fftSize)
  const timer = setInterval(() => {
    analyser.getFloatTimeDomainData(frame)
    onLevel(getRmsLevel(frame), performance.now())
  }, SAMPLE_INTERVAL_MS)

  let stopped = false
  return () => {
    if (stopped) return
    stopped = true
    clearInterval(timer)
    source.disconnect()
    void context.close().catch(() => {})
  }
}
