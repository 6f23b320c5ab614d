import type { ChildProcess } from 'node:child_process'
import type { Readable } from 'node:stream'

/** The browsers' and drivers' processes: started by the launchers, always stopped by them. */

const running = new Set<ChildProcess>()

/**
 * Marks `child` as ours until it exits. Should this process end while one still runs (a launch cut
 * short, a crash in a hook), it is killed then: a browser left behind would hold the machine's CPU for
 * whatever runs next on it.
 */
export function track<T extends ChildProcess>(child: T): T {
  running.add(child)
  child.once('exit', () => running.delete(child))
  return child
}
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/**
 * Resolves with the first capture of `pattern` in the process's output (`streams`: its stdout and
 * stderr unless given); rejects if it exits first or says nothing of the kind within a minute (the
 * output so far is in the error).
 */
export function waitForOutput(
  child: ChildProcess,
  pattern: RegExp,
  what: string,
  streams: ReadonlyArray<Readable | null> = [child.stdout, child.stderr],
): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => finish(new Error(`${what} did not start within 60 s`)), 60_000)
    const finish = (error: Error | null, value = '') => {
      clearTimeout(timer)
      child.off('exit', exited)
      for (const stream of streams) {
        stream?.off('data', read)
        // Still drained, so a chatty browser never blocks on a full pipe.
        stream?.resume()
      }
      if (error) reject(new Error(`${error.message}\n--- ${what} output ---\n${output}`))
      else resolve(value)
    }
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = pattern.exec(output)
      if (match?.[1]) finish(null, match[1])
    }
    const exited = (code: number | null) =>
      finish(new Error(`${what} exited with code ${code} before it was ready`))
    for (const stream of streams) stream?.on('data', read)
    child.once('exit', exited)
  })
}

/** SIGTERM, then SIGKILL if the process is still there after 10 s; resolves once it has exited. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}
