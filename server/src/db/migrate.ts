import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { MigrationProgress } from './prepare-database.ts'
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
export async function applyMigrations(
  db: SqlDatabase,
  migrations: Migration[],
  progress?: MigrationProgress,
): Promise<string[]> {
  const done = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  )
  const applied = new Set(done.rows.map((row) => row.version))
  await adoptBaseline(db, applied, migrations)
  const pending = migrations.filter((migration) => !applied.has(migration.version))
  if (pending.length > 0) progress?.migrating(pending.length)
  const started = performance.now()
  const ran: string[] = []
  for (const migration of pending) {
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
  if (ran.length > 0) progress?.migrated(ran, Math.round(performance.now() - started))
  return ran
}

/**
 * The baseline migration is the schema that the migrations before it made, folded into one file. A
 * database those made (a developer's data directory) has the baseline's schema already: it is recorded
 * as applied rather than run again. One stopped halfway through them cannot be brought up to date.
 */
export const BASELINE = {
  version: '20261205000000',
  replaces: { first: '20261122000000', last: '20261204000000' },
}

async function adoptBaseline(db: SqlDatabase, applied: Set<string>, migrations: Migration[]): Promise<void> {
  const baseline = migrations.find((migration) => migration.version === BASELINE.version)
  const { first, last } = BASELINE.replaces
  const earlier = [...applied].filter((version) => version >= first && version <= last)
  if (!baseline || applied.has(baseline.version) || earlier.length === 0) return
  if (!applied.has(last)) {
    throw new Error(
      `This database was made by an older release and stopped at migration ${earlier.sort().at(-1)}; ` +
        `run that release once to bring it to ${last}, or start with an empty database (the embedded one: ` +
        'delete its data directory).',
    )
  }
  await db.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
    baseline.version,
    baseline.name,
  ])
  applied.add(baseline.version)
}

export async function applySeed(db: SqlDatabase, path = join(SUPABASE_DIR, 'seed.sql')): Promise<void> {
  await db.exec(await readFile(path, 'utf8'))
}
