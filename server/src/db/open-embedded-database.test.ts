import { spawn } from 'node:child_process'
import { once } from 'node:events'
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import {
  EMSCRIPTEN_ENOSPC,
  EmscriptenErrnoError,
  modesUnder,
  nodeFsError,
  notPrivate,
} from '../testing/disk-failures.ts'
import { StorageError } from './filesystem-errors.ts'
import { acquireDataDirLock, LOCK_FILE } from './lock.ts'
import { type OpenEmbeddedOptions, openEmbeddedDatabase } from './open-embedded-database.ts'
import { type DataDirFs, nodeDataDirFs } from './private-data-dir.ts'
import { createPrivatePGlite } from './private-pglite.ts'

let root: string
let dataDir: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'open-embedded-'))
  dataDir = join(root, 'data')
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

/** The run's prepared database image, unpacked into the data directory instead of running initdb. */
async function fromImage(): Promise<OpenEmbeddedOptions> {
  const image = new Blob([readFileSync(inject('preparedDatabaseImage'))])
  return { createDatabase: (pgdataDir) => createPrivatePGlite(pgdataDir, { loadDataDir: image }) }
}

/** Runs `run` with the process umask set to `mask`, as an operator's shell might have it. */
async function withUmask<T>(mask: number, run: () => Promise<T>): Promise<T> {
  const before = process.umask(mask)
  try {
    return await run()
  } finally {
    process.umask(before)
  }
}

async function openError(options: OpenEmbeddedOptions, dir = dataDir): Promise<unknown> {
  return openEmbeddedDatabase(dir, options).then(
    async (opened) => {
      await opened.close()
      throw new Error('the data directory opened')
    },
    (error: unknown) => error,
  )
}

describe('openEmbeddedDatabase: owner-only files', () => {
  it('creates the directory and every file in it owner-only, also under umask 0, and keeps them so', async () => {
    const options = await fromImage()
    await withUmask(0, async () => {
      const embedded = await openEmbeddedDatabase(dataDir, options)
      expect(modesUnder(dataDir).length).toBeGreaterThan(900)
      expect(notPrivate(dataDir)).toEqual([])
      // New tables and indexes are new files, written after the open: private as well.
      await embedded.db.exec(
        'create table probe (id int primary key, note text); insert into probe values (1, $$x$$)',
      )
      await embedded.close()
    })
    expect(notPrivate(dataDir)).toEqual([])
  })

  it('tightens a data directory left with loose modes, and leaves what is not its own alone', async () => {
    const image = new Blob([readFileSync(inject('preparedDatabaseImage'))])
    await withUmask(0, async () => {
      mkdirSync(dataDir, { mode: 0o777 })
      writeFileSync(join(dataDir, 'jwt-secret'), `${'s'.repeat(43)}\n`, { mode: 0o666 })
      writeFileSync(join(dataDir, 'notes.txt'), 'the operator’s own file\n', { mode: 0o644 })
      const loose = await PGlite.create({ dataDir: join(dataDir, 'pgdata'), loadDataDir: image }) // stock NodeFS
      await loose.close()
    })
    expect(notPrivate(dataDir).filter((line) => line.startsWith('666 ')).length).toBeGreaterThan(900)

    const embedded = await openEmbeddedDatabase(dataDir)
    await embedded.close()
    expect(notPrivate(dataDir)).toEqual([`644 ${join(dataDir, 'notes.txt')}`])
    expect(embedded.secret).toBe('s'.repeat(43))
  })

  it('refuses a data directory that belongs to another user, saying what to do', async () => {
    mkdirSync(dataDir, { mode: 0o755 })
    const uid = statSync(dataDir).uid
    const error = await openError({
      fs: {
        ...nodeDataDirFs,
        statSync: (path) => Object.assign(statSync(path), path === dataDir ? { uid: uid + 1 } : {}),
      },
    })
    expect(error).toBeInstanceOf(StorageError)
    expect((error as Error).message).toBe(
      `Cannot use the data directory ${dataDir}: it belongs to another user (uid ${uid + 1}), who could read ` +
        `and change the database; run as that user, make this account (uid ${uid}) its owner, or set DATA_DIR ` +
        'to a directory of your own.',
    )
    expect(statSync(dataDir).mode & 0o777).toBe(0o755) // not touched
  })
})

describe("openEmbeddedDatabase: another account's files", () => {
  /** The filesystem as it would look if `foreign` belonged to the account after this one. */
  const owning = (foreign: string): { fs: DataDirFs } => ({
    fs: {
      ...nodeDataDirFs,
      lstatSync: (path) => {
        const stat = lstatSync(path)
        return path === foreign ? Object.assign(stat, { uid: stat.uid + 1 }) : stat
      },
    },
  })

  it.each([
    ['the secret, planted before the first start', 'jwt-secret', () => `${'s'.repeat(43)}\n`],
    ['the lock file, naming a process of theirs', LOCK_FILE, () => `${process.pid}\n`],
  ])('%s: refused, not adopted, saying whose it is', async (_, name, content) => {
    mkdirSync(dataDir, { mode: 0o777 })
    const path = join(dataDir, name)
    writeFileSync(path, content())
    chmodSync(path, 0o666)
    const uid = statSync(path).uid
    const error = await openError(owning(path))
    expect(error).toBeInstanceOf(StorageError)
    expect((error as Error).message).toBe(
      `${path} belongs to uid ${uid + 1}, not to this account (uid ${uid}); remove it or fix its owner.`,
    )
    expect(statSync(path).mode & 0o777).toBe(0o666) // not touched
    expect(existsSync(join(dataDir, 'pgdata'))).toBe(false) // nothing opened
  })

  it('refuses a file of theirs anywhere in the database directory before opening it', async () => {
    const options = await fromImage()
    const first = await openEmbeddedDatabase(dataDir, options)
    await first.close()
    const path = join(dataDir, 'pgdata', 'base')
    const uid = statSync(path).uid
    const error = await openError({ ...options, ...owning(path) })
    expect((error as Error).message).toBe(
      `${path} belongs to uid ${uid + 1}, not to this account (uid ${uid}); remove it or fix its owner.`,
    )
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false) // released
  })

  it("makes a data directory that others may write to its owner's only", async () => {
    await withUmask(0, async () => mkdirSync(dataDir, { mode: 0o777 }))
    const embedded = await openEmbeddedDatabase(dataDir, await fromImage())
    await embedded.close()
    expect(statSync(dataDir).mode & 0o777).toBe(0o700)
  })
})

describe('openEmbeddedDatabase: a failing disk is one sentence naming the path and the cause', () => {
  const failingFs = (call: 'mkdirSync' | 'chmodSync', code: string): { fs: DataDirFs } => ({
    fs: {
      ...nodeDataDirFs,
      [call]: (path: string) => {
        throw nodeFsError(code, call.replace('Sync', ''), path)
      },
    },
  })

  it.each([
    [
      'a full disk while PGlite creates the database (its ErrnoError 51)',
      { createDatabase: () => Promise.reject(new EmscriptenErrnoError(EMSCRIPTEN_ENOSPC)) },
      (dir: string) =>
        `Cannot use the data directory ${dir}: the disk is full (ENOSPC at ${dir}/pgdata); free some space, ` +
        'or set DATA_DIR to a disk with room.',
    ],
    [
      'a full disk as Postgres reports it (SQLSTATE 53100)',
      {
        createDatabase: async () => {
          const full = Object.assign(new Error('could not extend file "base/5/16384"'), { code: '53100' })
          return {
            query: () => Promise.reject(full),
            exec: () => Promise.reject(full),
            close: async () => {},
          } as unknown as PGlite
        },
      },
      (dir: string) =>
        `Cannot use the data directory ${dir}: the disk is full (ENOSPC at ${dir}/pgdata); free some space, ` +
        'or set DATA_DIR to a disk with room.',
    ],
    [
      'a read-only disk',
      failingFs('mkdirSync', 'EROFS'),
      (dir: string) =>
        `Cannot use the data directory ${dir}: the file system is read-only (EROFS); set DATA_DIR to a ` +
        'directory on a writable disk.',
    ],
    [
      'no permission to create it',
      failingFs('mkdirSync', 'EACCES'),
      (dir: string) =>
        `Cannot use the data directory ${dir}: permission denied (EACCES); give this account read and write ` +
        'access to it, or set DATA_DIR to a directory of your own.',
    ],
  ])('%s', async (_, options, expected) => {
    const error = await openError(options)
    expect(error).toBeInstanceOf(StorageError)
    expect((error as Error).message).toBe(expected(dataDir))
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false) // released: the next start is not refused
  })

  it('no permission to tighten a file in it', async () => {
    mkdirSync(dataDir, { mode: 0o700 })
    writeFileSync(join(dataDir, 'jwt-secret'), `${'s'.repeat(43)}\n`, { mode: 0o644 })
    const error = await openError({ ...(await fromImage()), fs: failingFs('chmodSync', 'EPERM').fs })
    expect((error as Error).message).toBe(
      `Cannot use the data directory ${dataDir}: operation not permitted (EPERM at ${dataDir}/jwt-secret); ` +
        'make this account the owner of its files, or set DATA_DIR to a directory of your own.',
    )
  })

  it('DATA_DIR is a file, or under one', async () => {
    const file = join(root, 'file')
    writeFileSync(file, 'not a directory')
    const fix =
      'a part of the path is a file, not a directory (ENOTDIR); set DATA_DIR to a directory, or move the file away.'
    expect(((await openError({}, file)) as Error).message).toBe(
      `Cannot use the data directory ${file}: ${fix}`,
    )
    const under = join(file, 'data')
    expect(((await openError({}, under)) as Error).message).toBe(
      `Cannot use the data directory ${under}: ${fix}`,
    )
  })

  it('another process holds it', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' })
    await once(other, 'spawn')
    try {
      mkdirSync(dataDir, { mode: 0o700 })
      const lock = acquireDataDirLock(dataDir, other.pid)
      const error = await openError({})
      expect((error as Error).message).toBe(
        `The data directory ${dataDir} is in use by process ${other.pid} (lock file ${lock.path}): stop that ` +
          `server or set DATA_DIR to another directory, and if process ${other.pid} is not this app, delete the lock file.`,
      )
      expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(other.pid)) // untouched
    } finally {
      other.kill()
      await once(other, 'exit')
    }
  })
})
