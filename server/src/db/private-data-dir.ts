import { chmodSync, lstatSync, mkdirSync, readdirSync, type Stats, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { StorageError } from './filesystem-errors.ts'

export const PRIVATE_DIRECTORY_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/** The filesystem calls that make a data directory private, so tests can make any of them fail. */
export interface DataDirFs {
  /** Follows symbolic links: DATA_DIR itself may be one. */
  statSync(path: string): Stats
  lstatSync(path: string): Stats
  mkdirSync(path: string, mode: number): void
  chmodSync(path: string, mode: number): void
  readdirSync(path: string): string[]
}

export const nodeDataDirFs: DataDirFs = {
  statSync: (path) => statSync(path),
  lstatSync: (path) => lstatSync(path),
  mkdirSync: (path, mode) => void mkdirSync(path, { mode }),
  chmodSync: (path, mode) => chmodSync(path, mode),
  readdirSync: (path) => readdirSync(path),
}

/**
 * Makes the data directory `dir` owner-only (0700): created so when missing (its missing parents get
 * the usual modes, like `mkdir -p`), tightened when looser. A directory that belongs to another account
 * is refused, since its owner could read and change everything in it whatever its mode. `uid` is the
 * account that runs this process; undefined (Windows) skips that check.
 */
export function ensurePrivateDataDir(
  dir: string,
  fs: DataDirFs = nodeDataDirFs,
  uid: number | undefined = process.getuid?.(),
): void {
  const stat = statOrCreate(dir, PRIVATE_DIRECTORY_MODE, fs)
  if (!stat.isDirectory()) {
    throw Object.assign(new Error(`${dir} is not a directory`), { code: 'ENOTDIR', path: dir })
  }
  if (uid !== undefined && stat.uid !== uid) {
    throw new StorageError(
      `Cannot use the data directory ${dir}: it belongs to another user (uid ${stat.uid}), who could read ` +
        `and change the database; run as that user, make this account (uid ${uid}) its owner, or set ` +
        'DATA_DIR to a directory of your own.',
      { path: dir, code: 'EPERM' },
    )
  }
  if ((stat.mode & 0o7777) !== PRIVATE_DIRECTORY_MODE) fs.chmodSync(dir, PRIVATE_DIRECTORY_MODE)
}

/**
 * Refuses `path` when it belongs to another account than `uid` (Windows: undefined, no check); a
 * missing path passes. A file another account put in the data directory (while it was open to
 * others, before the first start) is theirs to choose: a secret they know, a lock naming their
 * process, a database they wrote. Adopting it, even as root, would hand them the hashes' key or the
 * data, so it is refused. A symbolic link is judged as itself, never followed.
 */
export function refuseForeignOwner(
  path: string,
  lstat: (path: string) => Stats = lstatSync,
  uid: number | undefined = process.getuid?.(),
): Stats | null {
  let stat: Stats
  try {
    stat = lstat(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  if (uid !== undefined && stat.uid !== uid) throw new ForeignOwnerError(path, stat.uid, uid)
  return stat
}

/** A file this process would read or use that another account owns. */
export class ForeignOwnerError extends StorageError {
  override readonly name: string = 'ForeignOwnerError'
  constructor(path: string, owner: number, uid: number) {
    super(`${path} belongs to uid ${owner}, not to this account (uid ${uid}); remove it or fix its owner.`, {
      path,
      code: 'EPERM',
    })
  }
}

/**
 * Gives `path` and, for a directory, everything under it the owner-only modes: directories 0700,
 * files 0600, having checked that each belongs to `uid` (refuseForeignOwner). Symbolic links keep
 * their modes (chmod would follow them out of the directory), and a path that does not exist is
 * left alone.
 */
export function makeTreePrivate(
  path: string,
  fs: DataDirFs = nodeDataDirFs,
  uid: number | undefined = process.getuid?.(),
): void {
  const stat = refuseForeignOwner(path, (entry) => fs.lstatSync(entry), uid)
  if (stat === null) return
  if (stat.isDirectory()) {
    if ((stat.mode & 0o7777) !== PRIVATE_DIRECTORY_MODE) fs.chmodSync(path, PRIVATE_DIRECTORY_MODE)
    for (const name of fs.readdirSync(path)) makeTreePrivate(join(path, name), fs, uid)
  } else if (stat.isFile() && (stat.mode & 0o7777) !== PRIVATE_FILE_MODE) {
    fs.chmodSync(path, PRIVATE_FILE_MODE)
  }
}

/**
 * Creates a missing directory one level at a time rather than with `{ recursive: true }`: Node's
 * recursive mkdir reports a read-only or full disk as ENOENT, and the operator must hear EROFS or
 * ENOSPC.
 */
function statOrCreate(dir: string, mode: number, fs: DataDirFs): Stats {
  try {
    return fs.statSync(dir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const parent = dirname(dir)
  if (parent !== dir) statOrCreate(parent, 0o777, fs)
  try {
    fs.mkdirSync(dir, mode)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error // another process made it meanwhile
  }
  return fs.statSync(dir)
}
