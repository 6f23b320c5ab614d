import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadServerConfig } from './config.ts'
import { acquireDataDirLock } from './db/lock.ts'
import { nodeDataDirFs } from './db/private-data-dir.ts'
import { describeStartupError } from './describe-startup-error.ts'
import { REPO_ROOT, startServer } from './start-server.ts'
import { EMSCRIPTEN_ENOSPC, EmscriptenErrnoError, nodeFsError } from './testing/disk-failures.ts'

let root: string
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'startup-error-'))
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

const dirs = () => ({ siteDir: join(root, 'site'), widgetDir: join(root, 'widget'), embedDemoDir: root })

/** What `npm run serve` would print for a start that fails this way. */
async function startupMessage(...args: Parameters<typeof startServer>): Promise<string> {
  const started = await startServer(...args).catch((error: unknown) => error)
  if (typeof started === 'object' && started !== null && 'close' in started) {
    await (started as { close(): Promise<void> }).close()
    throw new Error('the server started')
  }
  return describeStartupError(started)
}

describe('describeStartupError', () => {
  it('a disk that fills up while the database is created', async () => {
    const dataDir = join(root, 'full')
    const message = await startupMessage(loadServerConfig({ PORT: '0', DATA_DIR: dataDir }), dirs(), {
      createDatabase: () => Promise.reject(new EmscriptenErrnoError(EMSCRIPTEN_ENOSPC)),
    })
    expect(message).toBe(
      `Cannot use the data directory ${dataDir}: the disk is full (ENOSPC at ${dataDir}/pgdata); free some ` +
        'space, or set DATA_DIR to a disk with room.',
    )
  })

  it('a read-only disk', async () => {
    const dataDir = join(root, 'read-only')
    const readOnly = {
      ...nodeDataDirFs,
      mkdirSync: (path: string) => {
        throw nodeFsError('EROFS', 'mkdir', path)
      },
    }
    expect(
      await startupMessage(loadServerConfig({ PORT: '0', DATA_DIR: dataDir }), dirs(), { fs: readOnly }),
    ).toBe(
      `Cannot use the data directory ${dataDir}: the file system is read-only (EROFS); set DATA_DIR to a ` +
        'directory on a writable disk.',
    )
  })

  it('a port another server holds (PostgreSQL, not migrated at start: nothing to open first)', async () => {
    const other = createServer().listen(0, '127.0.0.1')
    await once(other, 'listening')
    const { port } = other.address() as { port: number }
    try {
      const hosted = loadServerConfig({
        PORT: String(port),
        DATABASE_URL: 'postgres://app@127.0.0.1:9/postgres',
        DATABASE_MIGRATE: 'off',
        CALL_HASH_SECRET: 'h'.repeat(32),
      })
      expect(await startupMessage(hosted, dirs())).toBe(
        `Cannot listen on 127.0.0.1:${port}: the port is in use (EADDRINUSE); stop the other server, or set ` +
          'PORT to another port.',
      )
    } finally {
      other.close()
    }
  })

  it('an unexpected error keeps its stack, and an object is never [object Object]', () => {
    const bug = new RangeError('Invalid array length')
    expect(describeStartupError(bug)).toBe(`The server could not start: ${bug.stack}`)
    expect(describeStartupError({ errno: 51 })).toBe('The server could not start: { errno: 51 }')
  })
})

/** `npm run serve` itself: what it prints to stderr, and its exit code. */
async function serve(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/node.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: '', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
  const [code] = (await once(child, 'exit')) as [number | null]
  return { code, stdout, stderr }
}

describe('npm run serve, when it cannot start', () => {
  it('prints one sentence and exits 1 when DATA_DIR is a file', async () => {
    const file = join(root, 'a-file')
    writeFileSync(file, 'not a directory')
    expect(await serve({ DATA_DIR: file })).toEqual({
      code: 1,
      stdout: '',
      stderr:
        `Cannot use the data directory ${file}: a part of the path is a file, not a directory (ENOTDIR); set ` +
        'DATA_DIR to a directory, or move the file away.\n',
    })
  })

  it('prints one sentence and exits 1 when another server holds the data directory', async () => {
    const dataDir = join(root, 'held')
    mkdirSync(dataDir, { mode: 0o700 })
    const lock = acquireDataDirLock(dataDir) // this test process stands in for the running server
    try {
      expect(await serve({ DATA_DIR: dataDir })).toEqual({
        code: 1,
        stdout: '',
        stderr:
          `The data directory ${dataDir} is in use by process ${process.pid} (lock file ${lock.path}): stop ` +
          `that server or set DATA_DIR to another directory, and if process ${process.pid} is not this app, ` +
          'delete the lock file.\n',
      })
    } finally {
      lock.release()
    }
  })
})
