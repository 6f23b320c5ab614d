import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SqlDatabase } from './sql-database.ts'

export const SUPABASE_DIR = fileURLToPath(new URL('../../../supabase/', import.meta.url))

export interface Migration {
  version: string
  name: string
  path: string
}

/** `supabase/migrations/<version>_<name>.sql`, in name order, as the Supabase CLI reads them. */
export async function listMigrations(dir = join(SUPABASE_DIR, 'migrations')): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort()
  return files.map((file) => {
    const stem = file.slice(0, -'.sql'.length)
    const cut = stem.indexOf('_')
    return {
      version: cut === -1 ? stem : stem.slice(0, cut),
      name: cut === -1 ? '' : stem.slice(cut + 1),
      path: join(dir, file),
    }
  })
}

/**
 * Applies the migrations not yet recorded in `supabase_migrations.schema_migrations`, each in its own
 * transaction with its record, so a failed one leaves nothing half applied. Returns the versions run.
 */
export async function applyMigrations(db: SqlDatabase, migrations: Migration[]): Promise<string[]> {
  const done = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  )
  const applied = new Set(done.rows.map((row) => row.version))
  const ran: string[] = []
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue
    const sql = await readFile(migration.path, 'utf8')
    await db.transaction(async (tx) => {
      await tx.exec(sql)
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ])
    })
    ran.push(migration.version)
  }
  return ran
}

export async function applySeed(db: SqlDatabase, path = join(SUPABASE_DIR, 'seed.sql')): Promise<void> {
  await db.exec(await readFile(path, 'utf8'))
}
