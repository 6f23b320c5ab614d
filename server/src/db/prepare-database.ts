import { bootstrapSupabaseRoles } from './bootstrap.ts'
import { applyMigrations, applySeed, listMigrations } from './migrate.ts'
import type { SqlDatabase } from './sql-database.ts'

export interface PrepareOptions {
  migrationsDir?: string
  seedPath?: string
}

export interface PrepareResult {
  /** Versions of the migrations applied by this call. */
  migrated: string[]
  /** True when the database had no migrations before, so the seed ran. */
  seeded: boolean
}

/**
 * Brings an embedded database up to date: Supabase-like roles, then pending migrations, then the
 * seed, but only on a database that had never been migrated (a restart keeps edited data).
 */
export async function prepareDatabase(db: SqlDatabase, options: PrepareOptions = {}): Promise<PrepareResult> {
  await bootstrapSupabaseRoles(db)
  const before = await db.query<{ count: number }>(
    'select count(*)::int as count from supabase_migrations.schema_migrations',
  )
  const isNew = before.rows[0]?.count === 0
  const migrated = await applyMigrations(db, await listMigrations(options.migrationsDir))
  if (isNew) await applySeed(db, options.seedPath)
  return { migrated, seeded: isNew }
}
