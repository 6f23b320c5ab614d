import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { StorageError } from './filesystem-errors.ts'

export const LOCK_FILE = 'server.lock'

/** Another live process holds the data directory (a running server, most likely). */
export class DataDirInUseError extends StorageError {
  override readonly name: string = 'DataDirInUseError'

  constructor(
    message: string,
    readonly dataDir: string,
    readonly lockPath: string,
    /** The process holding it, when known. */
    readonly holder: number | null,
  ) {
    super(message, { path: lockPath })
  }
}

export interface DataDirLock {
  readonly path: string
  release(): void
}

/**
 * Claims a data directory for this process. PGlite has no lock of its own, and two processes on one
 * directory silently lose data, so a second server must refuse to start instead.
 */
export function acquireDataDirLock(dataDir: string, pid: number = process.pid): DataDirLock {
  const path = join(dataDir, LOCK_FILE)
  if (!tryCreateLock(path, pid)) {
    const holder = readLockPid(path)
    if (holder !== null && holder !== pid && isProcessAlive(holder)) {
      throw new DataDirInUseError(
        `The data directory ${dataDir} is in use by process ${holder} (lock file ${path}): stop that ` +
          `server or set DATA_DIR to another directory, and if process ${holder} is not this app, delete the lock file.`,
        dataDir,
        path,
        holder,
      )
    }
    if (holder === pid) {
      throw new DataDirInUseError(
        `The data directory ${dataDir} is already open in this process.`,
        dataDir,
        path,
        pid,
      )
    }
    // The holder is gone (a crash or kill -9): take the lock over. If another process wins the race
    // between our unlink and create, it holds the lock and we refuse.
    unlinkSync(path)
    if (!tryCreateLock(path, pid)) {
      throw new DataDirInUseError(
        `The data directory ${dataDir} was claimed by another process while this one started: stop the ` +
          'other one, or set DATA_DIR to another directory.',
        dataDir,
        path,
        readLockPid(path),
      )
    }
  }
  let released = false
  return {
    path,
    release() {
      if (released) return
      released = true
      if (readLockPid(path) === pid) unlinkSync(path)
    },
  }
}

function tryCreateLock(path: string, pid: number): boolean {
  let fd: number
  try {
    fd = openSync(path, 'wx', 0o600) // O_CREAT | O_EXCL: exactly one creator wins
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
  try {
    writeSync(fd, `${pid}\n`)
  } finally {
    closeSync(fd)
  }
  return true
}

function readLockPid(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10)
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0) // signal 0 checks existence without touching the process
  } catch (error) {
    // EPERM: it exists but belongs to someone else, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  return !isZombie(pid)
}

/** A killed server that its parent has not reaped yet still answers signal 0 (Linux only). */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')
  } catch {
    return false
  }
}
