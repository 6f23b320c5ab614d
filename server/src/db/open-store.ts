import { join } from 'node:path'
import { z } from 'zod'
import type { Db } from '../data/database.ts'
import { SOCKET_FILE } from './database-socket.ts'
import { connectDatabaseSocket } from './database-socket-client.ts'
import { listRetiredDatabaseVariables, POSTGRES_URL } from './database-url.ts'
import { StorageError } from './filesystem-errors.ts'
import { DataDirInUseError } from './lock.ts'
import { type BackendTarget, openBackend } from './open-backend.ts'
import type { OpenEmbeddedOptions } from './open-embedded-database.ts'

export interface DatabaseStore {
  db: Db
  /** What the commands work on, for the operator: the data directory or the PostgreSQL server. */
  target: string
  /** The address the running server gave people, when the store goes through it (its links use it). */
  serverOrigin?: string
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
 * DATA_DIR. One process alone may open the embedded database: while a live server holds it, the
 * store goes through that server's socket in the data directory (db/database-socket.ts); a server
 * that cannot be reached so is a StoreConfigError that says what to do. `embedded` replaces what
 * opening the embedded database touches on disk (tests). The commands never migrate a PostgreSQL
 * database: the server does, or `npm run db -- migrate`.
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
  let backend: Awaited<ReturnType<typeof openBackend>>
  try {
    backend = await openBackend(target, { embedded })
  } catch (error) {
    if (!isHeldByAnotherProcess(error)) throw error
    return openThroughServer(error)
  }
  return {
    db: backend.db,
    target: target.kind === 'postgres' ? backend.location : `embedded database ${backend.location}`,
    close: backend.close,
  }
}

/**
 * The embedded database of the live server that holds it, through its socket; when the socket
 * cannot be reached (the server is still starting, or is another program), a StoreConfigError; when
 * it is not this account's socket, the StorageError that says so.
 */
export async function openThroughServer(
  held: DataDirInUseError & { holder: number },
): Promise<DatabaseStore> {
  try {
    const server = await connectDatabaseSocket(held.dataDir)
    return {
      db: server.db,
      target: `embedded database ${held.dataDir} through the running server (pid ${held.holder})`,
      serverOrigin: server.origin,
      close: server.close,
    }
  } catch (error) {
    throw error instanceof StorageError ? error : explainDataDirInUse(held, error)
  }
}

/** A data directory that another live process holds (a running server, most likely). */
export const isHeldByAnotherProcess = (error: unknown): error is DataDirInUseError & { holder: number } =>
  error instanceof DataDirInUseError && error.holder !== null && error.holder !== process.pid

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
 * A data directory a running server holds and whose socket did not answer (`unreachable`, the
 * reason), as the operator fixes it: one sentence naming the process and what to do. Any other error
 * is returned as it is.
 */
export function explainDataDirInUse(error: unknown, unreachable?: unknown): unknown {
  if (!isHeldByAnotherProcess(error)) return error
  const code = (unreachable as { code?: unknown } | undefined)?.code
  const why = typeof code === 'string' ? ` (${code})` : ''
  return new StoreConfigError(
    `The data directory ${error.dataDir} is in use by process ${error.holder} (lock file ${error.lockPath}), ` +
      `which did not answer on ${join(error.dataDir, SOCKET_FILE)}${why}. If it is the server starting, ` +
      'run the command again once it says "Ready"; otherwise stop the server (Ctrl-C), run the command ' +
      'again, then start the server.',
  )
}
