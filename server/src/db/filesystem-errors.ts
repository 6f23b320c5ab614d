import { inspect } from 'node:util'
import { DatabaseRightsError } from './database-rights.ts'

/**
 * The errno numbers of PGlite's bundled Emscripten runtime (`ERRNO_CODES` in pglite.js), which are
 * not the host's: PGlite throws `ErrnoError` objects that carry only this number, no code and no path.
 */
const EMSCRIPTEN_ERRNO_CODES: Readonly<Record<number, string>> = {
  2: 'EACCES',
  19: 'EDQUOT',
  20: 'EEXIST',
  22: 'EFBIG',
  29: 'EIO',
  31: 'EISDIR',
  32: 'ELOOP',
  33: 'EMFILE',
  37: 'ENAMETOOLONG',
  41: 'ENFILE',
  44: 'ENOENT',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
}

interface Failure {
  /** What went wrong, in words an operator knows. */
  cause: string
  /** What to do about it when it happened in the data directory. */
  fix: string
}

const OTHER_DIRECTORY = 'set DATA_DIR to a directory of your own'

const FAILURES: Readonly<Record<string, Failure>> = {
  ENOSPC: { cause: 'the disk is full', fix: 'free some space, or set DATA_DIR to a disk with room' },
  EDQUOT: { cause: 'the disk quota is used up', fix: 'free some space, or set DATA_DIR to a disk with room' },
  EROFS: { cause: 'the file system is read-only', fix: 'set DATA_DIR to a directory on a writable disk' },
  EACCES: {
    cause: 'permission denied',
    fix: `give this account read and write access to it, or ${OTHER_DIRECTORY}`,
  },
  EPERM: {
    cause: 'operation not permitted',
    fix: `make this account the owner of its files, or ${OTHER_DIRECTORY}`,
  },
  ENOTDIR: {
    cause: 'a part of the path is a file, not a directory',
    fix: 'set DATA_DIR to a directory, or move the file away',
  },
  EEXIST: { cause: 'a file of that name is in the way', fix: `move it away, or ${OTHER_DIRECTORY}` },
  EISDIR: { cause: 'a directory is where a file should be', fix: `move it away, or ${OTHER_DIRECTORY}` },
  ENOENT: {
    cause: 'a file or directory is missing',
    fix: 'make sure nothing else deletes files there, or start over with an empty DATA_DIR',
  },
  EIO: {
    cause: 'the disk reported an input/output error',
    fix: 'check the disk, or set DATA_DIR to another',
  },
  EMFILE: { cause: 'too many files are open', fix: 'raise the open-file limit (ulimit -n)' },
  ENFILE: { cause: 'the system has too many files open', fix: 'close other programs, then try again' },
  ELOOP: { cause: 'the path has a loop of symbolic links', fix: 'set DATA_DIR to a real directory' },
  ENAMETOOLONG: { cause: 'the path is too long', fix: 'set DATA_DIR to a shorter path' },
  EFBIG: { cause: 'a file is larger than the file system allows', fix: 'set DATA_DIR to another disk' },
}

/**
 * A condition the operator can fix, whose message says all of it in one sentence: entry points print
 * it as it is, without a stack.
 */
export class StorageError extends Error {
  override readonly name: string = 'StorageError'
  /** The errno code (`ENOSPC`, …), when the condition has one. */
  readonly code: string | undefined
  /** The file or directory concerned. */
  readonly path: string

  constructor(message: string, details: { path: string; code?: string; cause?: unknown }) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.code = details.code
    this.path = details.path
  }
}

/**
 * The errno code of a filesystem failure, whoever reported it: Node (`code`), PGlite's Emscripten
 * runtime (`ErrnoError` with a number) or Postgres (SQLSTATE 53100, disk_full). Undefined otherwise.
 */
export function filesystemErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { code, errno, name } = error as { code?: unknown; errno?: unknown; name?: unknown }
  if (typeof code === 'string' && code in FAILURES) return code
  if (name === 'ErrnoError' && typeof errno === 'number') return EMSCRIPTEN_ERRNO_CODES[errno]
  if (code === '53100') return 'ENOSPC'
  return undefined
}

/**
 * The failure as a StorageError naming the data directory, the cause, the file concerned and what to
 * do; `at` stands for the file when the error names none (PGlite's never do). Other errors pass
 * through unchanged.
 */
export function toDataDirError(error: unknown, dataDir: string, at: string = dataDir): unknown {
  if (error instanceof StorageError) return error
  const code = filesystemErrorCode(error)
  const failure = code === undefined ? undefined : FAILURES[code]
  if (code === undefined || failure === undefined) return error
  const path = pathOf(error) ?? at
  const where = path === dataDir ? '' : ` at ${path}`
  return new StorageError(
    `Cannot use the data directory ${dataDir}: ${failure.cause} (${code}${where}); ${failure.fix}.`,
    { path, code, cause: error },
  )
}

/** A failure to read or write one named file (not the data directory) as a StorageError; else unchanged. */
export function toFileError(error: unknown, verb: string, path: string, next?: string): unknown {
  if (error instanceof StorageError) return error
  const code = filesystemErrorCode(error)
  const failure = code === undefined ? undefined : FAILURES[code]
  if (code === undefined || failure === undefined) return error
  return new StorageError(`Cannot ${verb} ${path}: ${failure.cause} (${code})${next ? `; ${next}` : ''}.`, {
    path,
    code,
    cause: error,
  })
}

/**
 * What an entry point prints when it stops on `error`: the sentence of a condition the operator can
 * fix (no stack), else `context` and everything known about the unexpected error, stack included.
 */
export function describeFailure(error: unknown, context: string): string {
  if (error instanceof StorageError || error instanceof DatabaseRightsError) return error.message
  const path = pathOf(error)
  if (path !== undefined) {
    const described = toFileError(error, 'use', path)
    if (described instanceof StorageError) return described.message
  }
  return `${context}: ${describeUnexpected(error)}`
}

function describeUnexpected(error: unknown): string {
  if (error instanceof Error) return error.stack ?? error.message
  const { name, errno } = (typeof error === 'object' && error !== null ? error : {}) as {
    name?: unknown
    errno?: unknown
  }
  if (name === 'ErrnoError' && typeof errno === 'number')
    return `PGlite filesystem error (Emscripten errno ${errno})`
  return inspect(error, { depth: 4 })
}

function pathOf(error: unknown): string | undefined {
  const path = (error as { path?: unknown } | null)?.path
  return typeof path === 'string' ? path : undefined
}
