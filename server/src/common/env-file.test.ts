import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../start-server.ts'
import { ConfigError } from './config-error.ts'
import { describeEnvFile, readEnvFile } from './env-file.ts'

const root = mkdtempSync(join(tmpdir(), 'env-file-'))
const running: ChildProcess[] = []
afterAll(() => {
  for (const child of running) child.kill('SIGKILL')
  rmSync(root, { recursive: true, force: true })
})

function folderWith(name: string, text: string): string {
  const dir = mkdtempSync(join(root, 'dir-'))
  writeFileSync(join(dir, name), text)
  return dir
}

describe('readEnvFile', () => {
  it("reads .env in the command's folder, and the environment wins over the file", () => {
    const dir = folderWith(
      '.env',
      '# the keys\nPRODUCT_NAME="Acme Voice"\nVAPI_PUBLIC_KEY=pk_file\nexport SITE_URL=https://demo.example\n',
    )
    const env: NodeJS.ProcessEnv = { VAPI_PUBLIC_KEY: 'pk_shell' }
    const result = readEnvFile(env, dir)
    expect(env).toEqual({
      PRODUCT_NAME: 'Acme Voice',
      VAPI_PUBLIC_KEY: 'pk_shell',
      SITE_URL: 'https://demo.example',
    })
    expect(result).toEqual({
      read: true,
      path: join(dir, '.env'),
      names: ['PRODUCT_NAME', 'SITE_URL'],
      overridden: ['VAPI_PUBLIC_KEY'],
    })
    // The start line names the settings, never their values.
    const line = describeEnvFile(result) ?? ''
    expect(line).toContain('PRODUCT_NAME, SITE_URL')
    expect(line).toContain("the environment's VAPI_PUBLIC_KEY won")
    expect(line).not.toMatch(/Acme|pk_/)
  })

  it('is fine without a .env (a fresh clone has none), and says nothing', () => {
    const env: NodeJS.ProcessEnv = {}
    const result = readEnvFile(env, mkdtempSync(join(root, 'empty-')))
    expect(result.read).toBe(false)
    expect(env).toEqual({})
    expect(describeEnvFile(result)).toBeNull()
  })

  it('reads the file ENV_FILE names, none when it is empty, and stops on one it cannot read', () => {
    const dir = folderWith('production.env', 'PRODUCT_NAME=Named\n')
    const named: NodeJS.ProcessEnv = { ENV_FILE: join(dir, 'production.env') }
    readEnvFile(named, root)
    expect(named.PRODUCT_NAME).toBe('Named')

    const none: NodeJS.ProcessEnv = { ENV_FILE: '' }
    expect(readEnvFile(none, folderWith('.env', 'PRODUCT_NAME=Ignored\n'))).toEqual({
      read: false,
      path: null,
    })
    expect(none.PRODUCT_NAME).toBeUndefined()

    const missing = () => readEnvFile({ ENV_FILE: 'no-such.env' }, root)
    expect(missing).toThrow(ConfigError)
    expect(missing).toThrow(`ENV_FILE: could not read ${join(root, 'no-such.env')} (ENOENT)`)
  })
})

it('a product name written in the settings file reaches the running server, and its start line names it', async () => {
  const dir = folderWith('.env', 'PRODUCT_NAME=Acme Voice\n')
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/node.ts'], {
    cwd: REPO_ROOT,
    // Nothing from the shell but the file this test wrote.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      ENV_FILE: join(dir, '.env'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.push(child)
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      // The settings line comes after Ready at: wait for the line that follows it.
      const match = /Ready at (http:\/\/\S+)[\s\S]*Settings from .*\n/.exec(output)
      if (match?.[1]) resolve(match[1])
    })
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) =>
      reject(new Error(`the server exited (${code}) before it was ready:\n${output}`)),
    )
  })
  expect(output).toContain(`Settings from ${join(dir, '.env')}: PRODUCT_NAME`)
  const config = (await (await fetch(`${url}/api/config`)).json()) as { productName: string }
  expect(config.productName).toBe('Acme Voice')
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
}, 120_000)
