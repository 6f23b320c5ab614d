import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { OpenEmbeddedOptions } from '../db/open-embedded-database.ts'
import { openDatabaseStore } from '../db/open-store.ts'
import { nodeDataDirFs } from '../db/private-data-dir.ts'
import { createPrivatePGlite } from '../db/private-pglite.ts'
import { REPO_ROOT } from '../start-server.ts'
import { EMSCRIPTEN_ENOSPC, EmscriptenErrnoError, nodeFsError } from '../testing/disk-failures.ts'
import { type CliIo, runProspectsCli } from './cli.ts'

const HEADER = 'slug,name,company_name,first_message,system,assistant_id'
const BETA = 'beta-realty,Bo Park,Beta Realty,Hello!,You are Sam.,'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'prospects-cli-failures-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function writeCsv(name: string, ...lines: string[]): string {
  const path = join(dir, name)
  writeFileSync(path, `${lines.join('\r\n')}\r\n`)
  return path
}

/** Runs one command in-process as `npm run prospects -- …` would, its database opened by `openDatabaseStore`. */
async function run(openStore: CliIo['openStore'], env: Record<string, string>, ...argv: string[]) {
  let stdout = ''
  let stderr = ''
  const code = await runProspectsCli(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
    ...(openStore ? { openStore } : {}),
  })
  return { code, stdout, stderr }
}

const opening =
  (options: OpenEmbeddedOptions): CliIo['openStore'] =>
  (env) =>
    openDatabaseStore(env, options)

describe('prospects CLI when the disk or the data directory fails: one sentence, exit code 1', () => {
  it("a disk that fills up while the database is created (PGlite's ErrnoError 51)", async () => {
    const dataDir = join(dir, 'full')
    const full = opening({
      createDatabase: () => Promise.reject(new EmscriptenErrnoError(EMSCRIPTEN_ENOSPC)),
    })
    const result = await run(full, { DATA_DIR: dataDir }, 'import', writeCsv('full.csv', HEADER, BETA))
    expect(result.code).toBe(1)
    expect(result.stderr.split('\n').slice(-2)).toEqual([
      `Cannot use the data directory ${dataDir}: the disk is full (ENOSPC at ${dataDir}/pgdata); free some ` +
        'space, or set DATA_DIR to a disk with room.',
      '',
    ])
  })

  it('a read-only disk', async () => {
    const dataDir = join(dir, 'read-only')
    const readOnly = opening({
      fs: {
        ...nodeDataDirFs,
        mkdirSync: (path) => {
          throw nodeFsError('EROFS', 'mkdir', path)
        },
      },
    })
    expect(await run(readOnly, { DATA_DIR: dataDir }, 'list')).toEqual({
      code: 1,
      stdout: '',
      stderr:
        `Cannot use the data directory ${dataDir}: the file system is read-only (EROFS); set DATA_DIR to a ` +
        'directory on a writable disk.\n',
    })
  })

  it('an import file that cannot be read', async () => {
    const env = { DATA_DIR: join(dir, 'unused') }
    expect(await run(undefined, env, 'import', dir)).toEqual({
      code: 1,
      stdout: '',
      stderr: `Cannot read ${dir}: a directory is where a file should be (EISDIR).\n`,
    })
    const missing = join(dir, 'missing.csv')
    expect((await run(undefined, env, 'import', missing)).stderr).toBe(
      `Cannot read ${missing}: a file or directory is missing (ENOENT).\n`,
    )
  })

  it('a links file that cannot be written, after the import: says the prospects are in', async () => {
    const image = new Blob([readFileSync(inject('preparedDatabaseImage'))])
    const fromImage = opening({
      createDatabase: (pgdata) => createPrivatePGlite(pgdata, { loadDataDir: image }),
    })
    const out = join(dir, 'taken')
    mkdirSync(out)
    const file = writeCsv('ok.csv', HEADER, BETA)
    const result = await run(fromImage, { DATA_DIR: join(dir, 'data') }, 'import', file, '--out', out)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('1 new, 0 updated, 0 unchanged')
    expect(result.stderr.split('\n').slice(-2)).toEqual([
      `Cannot write ${out}: a directory is where a file should be (EISDIR); the prospects were imported: run ` +
        'the import again with --out naming a writable file.',
      '',
    ])
  })

  it('an unexpected error: its stack, still exit code 1', async () => {
    const result = await run(() => Promise.reject(new TypeError('boom')), { DATA_DIR: dir }, 'list')
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^The command "list" failed: TypeError: boom\n\s+at /)
  })

  it('npm run prospects itself, DATA_DIR being a file', async () => {
    const file = writeCsv('not-a-dir.csv', HEADER)
    const child = spawn(process.execPath, ['scripts/run-built.mjs', 'prospects', 'list'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: file },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
    const [code] = await once(child, 'exit')
    expect({ code, stderr }).toEqual({
      code: 1,
      stderr:
        `Cannot use the data directory ${file}: a part of the path is a file, not a directory (ENOTDIR); set ` +
        'DATA_DIR to a directory, or move the file away.\n',
    })
  })
})
