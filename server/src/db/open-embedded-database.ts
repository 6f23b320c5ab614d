import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { toDataDirError } from './filesystem-errors.ts'
import { findInitdbImage, INITDB_IMAGE_DIR } from './initdb-image.ts'
import { loadOrCreateLocalSecret, SECRET_FILE } from './local-secret.ts'
import { acquireDataDirLock, type DataDirLock, LOCK_FILE } from './lock.ts'
import { type MigrationProgress, type PrepareResult, prepareDatabase } from './prepare-database.ts'
import {
  type DataDirFs,
  ensurePrivateDataDir,
  makeTreePrivate,
  nodeDataDirFs,
  refuseForeignOwner,
} from './private-data-dir.ts'
import { createPrivatePGlite } from './private-pglite.ts'
import type { SqlDatabase } from './sql-database.ts'

export const PGDATA_DIR = 'pgdata'

export interface EmbeddedDatabase extends PrepareResult {
  db: SqlDatabase
  /** The data directory's own secret, from which the server derives the key of its hashes. */
  secret: string
  /** The data directory, as an absolute path. */
  dataDir: string
  /** Closes the database, then releases the data directory. Safe to call twice. */
  close(): Promise<void>
}

/** What opening touches on disk, replaceable so tests can make each step fail as a real disk would. */
export interface OpenEmbeddedOptions {
  fs?: DataDirFs
  /**
   * Opens the database in the `pgdata` directory; by default PGlite in this thread, with owner-only
   * files (the server opens it in a thread of its own: database-thread.ts). `image`, given only for a
   * directory with no database yet: the file of a freshly initialised database to unpack there
   * instead of running initdb.
   */
  createDatabase?: (pgdataDir: string, image?: string) => Promise<SqlDatabase>
  /** Where the image of a freshly initialised database is looked for (initdb-image.ts); default dist/database/. */
  initdbImageDir?: string
  /**
   * Told how a new database is made: from the image, or by initdb and why (no image, or one another
   * PGlite made). The server logs it; commands say nothing.
   */
  onCreate?: (how: { image: string } | { image: null; reason: string }) => void
  /** Told when migrations are pending and once they are applied. */
  progress?: MigrationProgress
  /**
   * Reopens a database this call created, with a new `createDatabase`: the server's, whose database
   * thread stays for its whole run (a command's ends with it, and a database made from an image must
   * not be unpacked twice).
   */
  reopenAfterCreating?: boolean
}

/**
 * Opens the embedded Postgres persisted under `dataDir` (the database itself in `pgdata/`, beside
 * the lock file and the local secret), ready to serve: migrated, and seeded when new. The directory and
 * everything in it are the owner's only (directories 0700, files 0600), tightened when found looser,
 * because the database holds every prospect and the secret keys the hashes of numbers and addresses;
 * a file of another account among them is refused (ForeignOwnerError), never adopted. A failure of
 * the disk is a StorageError that names the directory, the cause and what to do.
 */
export async function openEmbeddedDatabase(
  dataDir: string,
  options: OpenEmbeddedOptions = {},
): Promise<EmbeddedDatabase> {
  const dir = resolve(dataDir)
  const fs = options.fs ?? nodeDataDirFs
  const createDatabase = options.createDatabase ?? createPGliteHere
  const pgdataDir = join(dir, PGDATA_DIR)
  let lock: DataDirLock | undefined
  let db: SqlDatabase | undefined
  try {
    ensurePrivateDataDir(dir, fs)
    // What this app keeps here must be this account's: the lock is read now; the secret and the
    // database are checked whole once the lock is held. Only these: DATA_DIR may hold other things,
    // which are not ours to judge or change.
    const ours = [LOCK_FILE, SECRET_FILE, PGDATA_DIR].map((entry) => join(dir, entry))
    for (const path of ours) refuseForeignOwner(path, (entry) => fs.lstatSync(entry))
    lock = acquireDataDirLock(dir)
    // Before anything is read: files from before this rule, or left by a tool with a looser umask,
    // become private too, and a file of another account anywhere among them is refused. With the lock
    // held no other server writes here meanwhile.
    for (const path of ours) makeTreePrivate(path, fs)
    const secret = loadOrCreateLocalSecret(dir)
    const isNew = !existsSync(join(pgdataDir, 'PG_VERSION'))
    const creating = options.reopenAfterCreating === true && isNew
    if (isNew) {
      const found = findInitdbImage(options.initdbImageDir ?? INITDB_IMAGE_DIR)
      options.onCreate?.(found.path === null ? { image: null, reason: found.reason } : { image: found.path })
      db = found.path === null ? await createDatabase(pgdataDir) : await createDatabase(pgdataDir, found.path)
    } else {
      db = await createDatabase(pgdataDir)
    }
    const prepared = await prepareDatabase(db, options.progress ? { progress: options.progress } : {})
    if (creating) {
      // Creating the database (initdb, every migration, the examples) leaves the instance that did it
      // holding several hundred MB it never gives back; a new one on the files made needs what serving
      // needs. Once per data directory, about a second and a half.
      const created = db
      db = undefined
      await created.close()
      db = await createDatabase(pgdataDir)
    }
    const open = db
    const held = lock
    let closing: Promise<void> | undefined
    const close = () => {
      closing ??= open
        .close()
        .catch((error: unknown) => {
          throw toDataDirError(error, dir, pgdataDir)
        })
        .finally(() => held.release())
      return closing
    }
    return { db: open, secret, dataDir: dir, ...prepared, close }
  } catch (error) {
    await db?.close().catch(() => {})
    try {
      lock?.release()
    } catch {
      // The failure that brought us here is the one to report.
    }
    throw toDataDirError(error, dir, pgdataDir)
  }
}

/** PGlite in this thread, owner-only files; a new database unpacked from `image` when one is given. */
export function createPGliteHere(pgdataDir: string, image?: string): Promise<SqlDatabase> {
  return createPrivatePGlite(
    pgdataDir,
    image === undefined ? {} : { loadDataDir: new Blob([readFileSync(image)]) },
  )
}
