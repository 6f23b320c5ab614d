/** Where a command tells the operator how far it is: stderr, so stdout stays clean for data. */
export interface Progress {
  /** A step that has finished, or a fact; always its own line. */
  note(text: string): void
  /**
   * Runs a step that may take a while. On a terminal its line counts the seconds until it is done,
   * and shows the latest of what the step tells (`tell`, e.g. rows written so far); elsewhere (CI
   * logs, a pipe) it is one line when it starts.
   */
  during<T>(text: string, work: (tell: (detail: string) => void) => Promise<T>): Promise<T>
}

export interface ProgressStream {
  write(text: string): unknown
  isTTY?: boolean | undefined
}

export function createProgress(stream: ProgressStream): Progress {
  return {
    note: (text) => void stream.write(`${text}\n`),
    async during(text, work) {
      if (!stream.isTTY) {
        stream.write(`${text}\n`)
        return work(() => {})
      }
      const started = Date.now()
      let detail = ''
      const draw = () =>
        stream.write(`\r\x1b[K${text}${detail} ${Math.floor((Date.now() - started) / 1000)} s`)
      draw()
      const timer = setInterval(draw, 1000)
      try {
        return await work((next) => {
          detail = ` ${next}`
          draw()
        })
      } finally {
        clearInterval(timer)
        stream.write('\r\x1b[K')
      }
    },
  }
}

export const formatCount = (n: number): string => n.toLocaleString('en-US')

export const formatSeconds = (ms: number): string => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`
