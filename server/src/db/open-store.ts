import { z } from 'zod'
import type { Db } from '../data/database.ts'
import { listRetiredDatabaseVariables, POSTGRES_URL } from './database-url.ts'
import { DataDirInUseError } from './lock.ts'
import { type BackendTarget, openBackend } from './open-backend.ts'
import type { OpenEmbeddedOptions } from './open-embedded-database.ts'

export interface DatabaseStore {
  db: Db
  /** What the commands work on, for the operator: the data directory or the PostgreSQL server. */
  target: string
  close(): Promise<void>
}

export class StoreConfigError extends Error {
  override readonly name = 'StoreConfigError'
}

const StoreEnv = z.object({
  DATABASE_URL: z.string().trim().regex(POSTGRES_URL, 'must be a postgres:// URL').optional(),
  DATA_DIR: z.string().trim().min(1, 'must not be blank').optional(),
})

/**
 * Opens the database the server would use with the same variables: PostgreSQL at DATABASE_URL (which
 * any number of processes share: the commands work while servers run), else the embedded one under
 * DATA_DIR. The embedded database is opened directly, so the server must not be running on it (one
 * process per data directory); that case is a StoreConfigError that says so. `embedded` replaces
 * what opening the embedded database touches on disk (tests). The commands never migrate a
 * PostgreSQL database: the server does, or `npm run db -- migrate`.
 */
export async function openDatabaseStore(
  env: Record<string, string | undefined>,
  embedded: OpenEmbeddedOptions = {},
): Promise<DatabaseStore> {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = StoreEnv.safeParse(present)
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)),
    ...listRetiredDatabaseVariables(present),
  ]
  if (!parsed.success || problems.length > 0) {
    throw new StoreConfigError(`Invalid environment:\n${problems.map((line) => `  - ${line}`).join('\n')}`)
  }
  const { DATABASE_URL: url, DATA_DIR: dataDir } = parsed.data
  const target: BackendTarget =
    url !== undefined
      ? { kind: 'postgres', url, migrate: false }
      : { kind: 'embedded', dataDir: dataDir ?? null }
  const backend = await openBackend(target, { embedded }).catch((error: unknown) => {
    throw explainDataDirInUse(error)
  })
  return {
    db: backend.db,
    target: target.kind === 'postgres' ? backend.location : `embedded database ${backend.location}`,
    close: backend.close,
  }
}

/** Runs `work` on a newly opened store and closes the store afterwards, whatever happens. */
export async function withStore<T>(
  open: () => Promise<DatabaseStore>,
  work: (store: DatabaseStore) => Promise<T>,
): Promise<T> {
  const store = await open()
  try {
    return await work(store)
  } finally {
    await store.close()
  }
}

/**
 * A data directory a running server holds, as the operator fixes it: one sentence naming the process
 * and what to do. Any other error is returned as it is.
 */
export function explainDataDirInUse(error: unknown): unknown {
  if (!(error instanceof DataDirInUseError) || error.holder === null || error.holder === process.pid)
    return error
  return new StoreConfigError(
    `The data directory ${error.dataDir} is in use by process ${error.holder} (lock file ${error.lockPath}): ` +
      'this command opens the database itself, so stop the server (Ctrl-C), run the command again, then ' +
      'start the server.',
  )
}
