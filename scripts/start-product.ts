import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import packageJson from '../package.json' with { type: 'json' }

export interface RunningProduct {
  /** Origin of the started server, without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  readonly url: string
  /** The server's process id (e.g. to read its memory from /proc). */
  readonly pid: number
  /**
   * Stops the server (SIGTERM, so the database closes cleanly) and deletes its temporary data (a
   * data directory the caller gave is left as it is).
   */
  readonly stop: () => Promise<void>
}

export interface StartOptions {
  /**
   * The data directory to use instead of a temporary one. It is the caller's: `stop()` leaves it, so
   * a command can change it between two starts (`npm run reps -- disable …` needs the server stopped).
   */
  dataDir?: string
  /**
   * Runs before the server starts, on its data directory, while nothing else has it open: e.g. what
   * an operator does first, `npm run reps -- add …`.
   */
  prepare?: (dataDir: string) => Promise<void>
  /**
   * Another entry than `npm run serve`'s, with its arguments, run through tsx: a test's own wiring of
   * the same server (e.g. a loopback webhook receiver it may post to).
   */
  entry?: readonly string[]
  /** node's arguments in place of `npm run serve`'s, not through tsx: e.g. a bundle a test built itself. */
  nodeArguments?: readonly string[]
}

/**
 * `npm run serve`'s arguments to node, read from package.json so that what is started here is what an
 * operator starts: the built server (scripts/serve.mjs) with the same V8 flags.
 */
export function serveArguments(): string[] {
  const [command, ...args] = packageJson.scripts.serve.split(' ')
  if (command !== 'node') throw new Error(`npm run serve is not a node command: ${packageJson.scripts.serve}`)
  return args
}

/**
 * Starts the built product exactly as `npm run serve` does, on a free port (PORT=0) with a temporary
 * database, and resolves once it prints `Ready at <url>`. Shared by e2e's global setup and the bench.
 * `env` is laid over `process.env`; an `undefined` value removes that variable for this server (e.g.
 * a product without voice calls even when the shell sets `VAPI_PUBLIC_KEY`).
 */
export async function startProduct(
  prefix = 'voice-demo-',
  env: Record<string, string | undefined> = {},
  { dataDir: givenDir, prepare, entry, nodeArguments }: StartOptions = {},
): Promise<RunningProduct> {
  const dataDir = givenDir ?? (await mkdtemp(join(tmpdir(), prefix)))
  const removeData = () => (givenDir ? Promise.resolve() : rm(dataDir, { recursive: true, force: true }))
  try {
    await prepare?.(dataDir)
  } catch (error) {
    await removeData()
    throw error
  }
  // ENV_FILE empty: a started product reads no developer's `.env`, only what its caller gives it.
  const merged = { ...process.env, ENV_FILE: '', ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir }
  const args = entry ? ['--import', 'tsx', ...entry] : (nodeArguments ?? serveArguments())
  const server = spawn(process.execPath, args, {
    env: Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let url: string
  try {
    url = await waitForReady(server)
  } catch (error) {
    await removeData()
    throw error
  }
  const stop = async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
    await removeData()
  }
  return { url, pid: server.pid ?? 0, stop }
}

function waitForReady(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = ''
    // A deadline for a stuck server on a machine busy with other work (a first start migrates a new
    // database), never for a slow one: well past what a loaded 2-core machine takes.
    const timer = setTimeout(
      () => fail(new Error('the server did not print "Ready at" within 180 s')),
      180_000,
    )
    const fail = (error: Error) => {
      clearTimeout(timer)
      server.kill('SIGKILL')
      reject(new Error(`${error.message}\n--- server output ---\n${output}`))
    }
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Ready at (http:\/\/\S+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        // From here the server writes a line per request: read and let go, not kept (a long run of
        // the end-to-end tests or a bench would otherwise hold every line in this process).
        server.stdout?.off('data', read).on('data', () => {})
        server.stderr?.off('data', read).on('data', () => {})
        resolve(match[1].replace(/\/$/, ''))
      }
    }
    server.stdout?.on('data', read)
    server.stderr?.on('data', read)
    server.once('exit', (code) => fail(new Error(`the server exited with code ${code} before it was ready`)))
  })
}
