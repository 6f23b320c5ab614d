import { z } from 'zod'
import type { Db } from '../data/database.ts'
import { DataDirInUseError } from './lock.ts'
import { openBackend } from './open-backend.ts'
import type { OpenEmbeddedOptions } from './open-embedded-database.ts'

/** A bulk write of 10,000 rows takes a second or two; a slow link to a hosted project may take more. */
const STORE_TIMEOUT_MS = 120_000

export interface DatabaseStore {
  supabase: Db
  /** What the commands work on, for the operator: the data directory or the project URL. */
  target: string
  close(): Promise<void>
}

export class StoreConfigError extends Error {
  override readonly name = 'StoreConfigError'
}

const StoreEnv = z.object({
  SUPABASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SUPABASE_SERVICE_ROLE_KEY: z.string().trim().min(20, "must be the project's service-role key").optional(),
  DATA_DIR: z.string().trim().min(1, 'must not be blank').optional(),
})

/**
 * Opens the database the server would use with the same variables: hosted Supabase when
 * SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set, else the embedded one under DATA_DIR. The
 * embedded database is opened directly, so the server must not be running on it (one process per
 * data directory); that case is a StoreConfigError that says so. `embedded` replaces what opening the
 * embedded database touches on disk (tests).
 */
export async function openDatabaseStore(
  env: Record<string, string | undefined>,
  embedded: OpenEmbeddedOptions = {},
): Promise<DatabaseStore> {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = StoreEnv.safeParse(present)
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
  if ((present.SUPABASE_URL === undefined) !== (present.SUPABASE_SERVICE_ROLE_KEY === undefined)) {
    problems.push(
      'SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY: set both (hosted Supabase), or neither (embedded)',
    )
  }
  if (!parsed.success || problems.length > 0) {
    throw new StoreConfigError(`Invalid environment:\n${problems.map((line) => `  - ${line}`).join('\n')}`)
  }
  const { SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: key, DATA_DIR: dataDir } = parsed.data
  const target =
    url !== undefined && key !== undefined
      ? ({ kind: 'hosted', url, serviceRoleKey: key } as const)
      : ({ kind: 'embedded', dataDir: dataDir ?? null } as const)
  const backend = await openBackend(target, { embedded, timeoutMs: STORE_TIMEOUT_MS }).catch(
    (error: unknown) => {
      if (!(error instanceof DataDirInUseError) || error.holder === null || error.holder === process.pid)
        throw error
      throw new StoreConfigError(
        `The data directory ${error.dataDir} is in use by process ${error.holder} (lock file ${error.lockPath}): ` +
          'this command opens the database itself, so stop the server (Ctrl-C), run the command again, then ' +
          'start the server.',
      )
    },
  )
  return {
    supabase: backend.supabase,
    target: `${target.kind === 'hosted' ? 'hosted Supabase' : 'embedded database'} ${backend.location}`,
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
