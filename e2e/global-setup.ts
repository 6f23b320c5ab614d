import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Starts the built product exactly as `npm run serve` does, on a free port with a temporary database,
 * and hands its URL to the tests through `E2E_BASE_URL`.
 */
export default async function startProduct(): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'voice-demo-e2e-'))
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/node.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  process.env.E2E_BASE_URL = await waitForReady(server)
  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
    await rm(dataDir, { recursive: true, force: true })
  }
}

function waitForReady(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => fail(new Error('the server did not print "Ready at" within 60 s')), 60_000)
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
        resolve(match[1].replace(/\/$/, ''))
      }
    }
    server.stdout?.on('data', read)
    server.stderr?.on('data', read)
    server.once('exit', (code) => fail(new Error(`the server exited with code ${code} before it was ready`)))
  })
}
