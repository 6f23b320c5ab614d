import { bootstrapSupabaseRoles } from './bootstrap.ts'
import { applyMigrations, applySeed, listMigrations, listSqlFunctions } from './migrate.ts'
import type { SqlDatabase } from './sql-database.ts'

export interface PrepareOptions {
  migrationsDir?: string
  /** supabase/functions-sql unless given. */
  functionsDir?: string
  seedPath?: string
  /**
   * When the example prospects are loaded: into a database that had never been migrated (the
   * embedded default: a restart keeps edited data), never (a production database), or now.
   */
  seed?: 'when-new' | 'never' | 'always'
  /** Told when migrations are pending and once they are applied; silent when there are none. */
  progress?: MigrationProgress
}

export interface MigrationProgress {
  /** `pending` migrations are about to be applied (the server's readiness says so meanwhile). */
  migrating(pending: number): void
  /** They were: their versions, and how long they took in milliseconds. */
  migrated(versions: string[], ms: number): void
}

export interface PrepareResult {
  /** Versions of the migrations applied by this call. */
  migrated: string[]
  /** True when the example prospects were loaded. */
  seeded: boolean
}

/**
 * Brings a database up to date: Supabase-like roles, then pending migrations and the function files that
 * changed (one transaction), then perhaps the examples.
 */
export async function prepareDatabase(db: SqlDatabase, options: PrepareOptions = {}): Promise<PrepareResult> {
  await bootstrapSupabaseRoles(db)
  const before = await db.query<{ count: number }>(
    'select count(*)::int as count from supabase_migrations.schema_migrations',
  )
  const isNew = before.rows[0]?.count === 0
  const migrated = await applyMigrations(db, await listMigrations(options.migrationsDir), {
    functions: await listSqlFunctions(options.functionsDir),
    ...(options.progress ? { progress: options.progress } : {}),
  })
  const when = options.seed ?? 'when-new'
  const seeded = when === 'always' || (when === 'when-new' && isNew)
  if (seeded) await applySeed(db, options.seedPath)
  return { migrated, seeded }
}
