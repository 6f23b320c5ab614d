import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { loadOrCreateLocalSecret } from './local-secret.ts'
import { acquireDataDirLock } from './lock.ts'
import { type PrepareResult, prepareDatabase } from './prepare-database.ts'

export interface EmbeddedDatabase extends PrepareResult {
  db: PGlite
  /** Signs the local REST layer's JWTs. */
  secret: string
  dataDir: string
  /** Closes the database, then releases the data directory. Safe to call twice. */
  close(): Promise<void>
}

/**
 * Opens the embedded Postgres persisted under `dataDir` (the database itself in `pgdata/`, beside
 * the lock file and the JWT secret), ready to serve: migrated, and seeded when new.
 */
export async function openEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  await mkdir(dataDir, { recursive: true })
  const lock = acquireDataDirLock(dataDir)
  let db: PGlite | undefined
  try {
    const secret = loadOrCreateLocalSecret(dataDir)
    db = await PGlite.create(join(dataDir, 'pgdata'))
    const prepared = await prepareDatabase(db)
    const open = db
    let closing: Promise<void> | undefined
    const close = () => {
      closing ??= open.close().finally(() => lock.release())
      return closing
    }
    return { db: open, secret, dataDir, ...prepared, close }
  } catch (error) {
    await db?.close().catch(() => {})
    lock.release()
    throw error
  }
}
