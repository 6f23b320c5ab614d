import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/**
 * The Deno binary of the pinned `deno` npm package. Asked of the package itself, because its
 * `bin.cjs` wrapper (used when install scripts did not run) keeps the real process as a child, which
 * a test's kill would orphan.
 */
export function findDeno(): string {
  const install = createRequire(import.meta.url)('deno/install_api.cjs') as { runInstall(): string }
  return install.runInstall()
}

export interface DenoServer {
  url: string
  /** Everything the process wrote to stderr so far (logs of the app). */
  stderr(): string
  stop(): Promise<void>
}

/**
 * Runs a module that calls `Deno.serve` on a free loopback port (`DENO_SERVE_ADDRESS`) with only
 * the given environment, and resolves once it prints where it listens.
 */
export async function startDenoServer(args: string[], env: Record<string, string>): Promise<DenoServer> {
  const child = spawn(findDeno(), ['run', ...args], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...(process.env.DENO_DIR ? { DENO_DIR: process.env.DENO_DIR } : {}),
      NO_COLOR: '1',
      DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
    output += chunk.toString()
  })
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error('Deno did not start listening within 30 s')), 30_000)
    const fail = (error: Error) => {
      clearTimeout(timer)
      child.kill()
      reject(new Error(`${error.message}\n${output}`))
    }
    // Deno.serve announces its address on stderr.
    const onOutput = () => {
      const match = /Listening on (http:\/\/[^/\s]+)\//.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        child.removeAllListeners('exit')
        resolve(match[1])
      }
    }
    child.stdout?.on('data', onOutput)
    child.stderr?.on('data', onOutput)
    child.once('exit', (code) => fail(new Error(`Deno exited with code ${code}`)))
    child.once('error', fail)
  })
  return { url, stderr: () => stderr, stop: () => stopProcess(child) }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}
