import { describe, expect, it } from 'vitest'
import { EmscriptenErrnoError, nodeFsError } from '../testing/disk-failures.ts'
import {
  describeFailure,
  filesystemErrorCode,
  StorageError,
  toDataDirError,
  toFileError,
} from './filesystem-errors.ts'

describe('filesystemErrorCode', () => {
  it("reads Node's code, PGlite's Emscripten errno and Postgres's disk_full alike", () => {
    expect(filesystemErrorCode(nodeFsError('EROFS', 'mkdir', '/x'))).toBe('EROFS')
    expect(
      [2, 63, 51, 19, 69, 54, 44, 29].map((errno) => filesystemErrorCode(new EmscriptenErrnoError(errno))),
    ).toEqual(['EACCES', 'EPERM', 'ENOSPC', 'EDQUOT', 'EROFS', 'ENOTDIR', 'ENOENT', 'EIO'])
    expect(filesystemErrorCode(Object.assign(new Error('could not extend file'), { code: '53100' }))).toBe(
      'ENOSPC',
    )
  })

  it('knows nothing of other errors', () => {
    expect(filesystemErrorCode(new EmscriptenErrnoError(9999))).toBeUndefined()
    expect(filesystemErrorCode(Object.assign(new Error('x'), { code: '23505' }))).toBeUndefined()
    expect(filesystemErrorCode(new Error('x'))).toBeUndefined()
    expect(filesystemErrorCode('ENOSPC')).toBeUndefined()
    expect(filesystemErrorCode(null)).toBeUndefined()
  })
})

describe('toDataDirError', () => {
  it('names the directory, the cause with its code and file, and the fix, in one sentence', () => {
    const error = toDataDirError(nodeFsError('EACCES', 'open', '/srv/data/jwt-secret'), '/srv/data')
    expect(error).toBeInstanceOf(StorageError)
    expect(error).toMatchObject({ code: 'EACCES', path: '/srv/data/jwt-secret' })
    expect((error as Error).message).toBe(
      'Cannot use the data directory /srv/data: permission denied (EACCES at /srv/data/jwt-secret); give this ' +
        'account read and write access to it, or set DATA_DIR to a directory of your own.',
    )
  })

  it("places PGlite's pathless errors where PGlite was writing", () => {
    const error = toDataDirError(new EmscriptenErrnoError(51), '/srv/data', '/srv/data/pgdata') as Error
    expect(error.message).toBe(
      'Cannot use the data directory /srv/data: the disk is full (ENOSPC at /srv/data/pgdata); free some ' +
        'space, or set DATA_DIR to a disk with room.',
    )
  })

  it('passes other errors through as they are', () => {
    const other = new Error('syntax error at or near "selec"')
    expect(toDataDirError(other, '/srv/data')).toBe(other)
  })
})

describe('toFileError', () => {
  it('names the file, what was done to it and the cause', () => {
    expect(
      (toFileError(nodeFsError('ENOSPC', 'write', '/tmp/a.csv'), 'write', '/tmp/a.csv') as Error).message,
    ).toBe('Cannot write /tmp/a.csv: the disk is full (ENOSPC).')
  })
})

describe('describeFailure', () => {
  it('prints a condition the operator can fix as its sentence alone', () => {
    expect(
      describeFailure(new StorageError('Cannot use X: the disk is full (ENOSPC).', { path: 'X' }), 'Failed'),
    ).toBe('Cannot use X: the disk is full (ENOSPC).')
    expect(describeFailure(nodeFsError('EROFS', 'open', '/ro/file'), 'Failed')).toBe(
      'Cannot use /ro/file: the file system is read-only (EROFS).',
    )
  })

  it('keeps the stack of an unexpected error, and never prints [object Object]', () => {
    const unexpected = new TypeError('cannot read properties of undefined')
    expect(describeFailure(unexpected, 'The server could not start')).toBe(
      `The server could not start: ${unexpected.stack}`,
    )
    expect(describeFailure(new EmscriptenErrnoError(9999), 'Failed')).toBe(
      'Failed: PGlite filesystem error (Emscripten errno 9999)',
    )
    expect(describeFailure({ reason: 'odd' }, 'Failed')).toBe("Failed: { reason: 'odd' }")
  })
})
