/** The microphone is sampled this often, like the SDK's remote level. */
const SAMPLE_INTERVAL_MS = 100
const FRAME_SIZE = 1024

/**
 * Hands the latest frame of microphone samples (-1..1) from `stream` to `onFrame` every 100 ms; the
 * level meter computes the level from it (in its worker where it can). Each frame is a new array, so
 * the receiver may transfer its buffer. Runs only during a call: the returned `stop` clears the timer
 * and closes the audio graph. It does not stop the stream's tracks, which belong to the call.
 */
export function readMicrophone(
  stream: MediaStream,
  onFrame: (frame: Float32Array, timeMs: number) => void,
): () => void {
  const context = new AudioContext()
  const source = context.createMediaStreamSource(stream)
  const analyser = context.createAnalyser()
  analyser.fftSize = FRAME_SIZE
  source.connect(analyser)
  // Created after a click it runs; resume() covers a browser that started it suspended anyway.
  void context.resume().catch(() => {})
  const timer = setInterval(() => {
    const frame = new Float32Array(FRAME_SIZE)
    analyser.getFloatTimeDomainData(frame)
    onFrame(frame, performance.now())
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
