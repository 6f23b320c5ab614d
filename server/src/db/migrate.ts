import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { StorageError } from './filesystem-errors.ts'
import type { MigrationProgress } from './prepare-database.ts'
import type { SqlDatabase } from './sql-database.ts'

export const SUPABASE_DIR = fileURLToPath(new URL('../../../supabase/', import.meta.url))

/** One file per SQL function (`<name>.sql`): its body, comment, grants and, for a trigger's function, the triggers. */
export const FUNCTIONS_DIR = join(SUPABASE_DIR, 'functions-sql')

/**
 * The line that splits a migration in two: what follows it runs once the functions are in place (a data
 * change that computes through a function, such as summing the rollups again, needs today's function,
 * which a database made from scratch has only after every migration's tables).
 */
export const AFTER_FUNCTIONS_LINE = '-- @after-functions'

export interface Migration {
  version: string
  name: string
  path: string
}

export interface SqlFunctionFile {
  /** The function's name: the file is `<name>.sql` and declares `public.<name>`. */
  name: string
  path: string
  sql: string
  checksum: string
}

/** A migration applied to this database whose file has changed since: the start stops on it. */
export class EditedMigrationError extends StorageError {
  override readonly name = 'EditedMigrationError'
}

/** sha256 of a file's text, hex: what is recorded of each migration and function file applied. */
export function checksumOf(sql: string): string {
  return createHash('sha256').update(sql).digest('hex')
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
 * The function files, each after those it calls (a `language sql` function is checked against what it
 * calls as it is created; plpgsql only when it runs, so a cycle among those is harmless), else in name
 * order. A file must declare the function it is named after.
 */
export async function listSqlFunctions(dir = FUNCTIONS_DIR): Promise<SqlFunctionFile[]> {
  const names = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort()
  const files = await Promise.all(
    names.map(async (file): Promise<SqlFunctionFile> => {
      const path = join(dir, file)
      const sql = await readFile(path, 'utf8')
      const name = file.slice(0, -'.sql'.length)
      if (!new RegExp(`^create or replace function public\\.${name}\\(`, 'm').test(sql)) {
        throw new Error(`${path} must declare its function: create or replace function public.${name}(…)`)
      }
      return { name, path, sql, checksum: checksumOf(sql) }
    }),
  )
  const byName = new Map(files.map((file) => [file.name, file]))
  const ordered: SqlFunctionFile[] = []
  const seen = new Set<string>()
  const visit = (file: SqlFunctionFile) => {
    if (seen.has(file.name)) return
    seen.add(file.name)
    for (const [, called] of file.sql.matchAll(/\bpublic\.([a-z_0-9]+)\(/g)) {
      const dependency = called === undefined || called === file.name ? undefined : byName.get(called)
      if (dependency) visit(dependency)
    }
    ordered.push(file)
  }
  for (const file of files) visit(file)
  return ordered
}

/** A migration's two parts: before the functions are applied, and after (AFTER_FUNCTIONS_LINE). */
export function splitMigration(sql: string): { before: string; after: string } {
  const at = sql.search(new RegExp(`^${AFTER_FUNCTIONS_LINE}$`, 'm'))
  return at === -1 ? { before: sql, after: '' } : { before: sql.slice(0, at), after: sql.slice(at) }
}

/**
 * Everything a database made from scratch runs, in order, for a runner without the records (a psql
 * session per piece): each migration's first part, every function file, then the migrations' later parts.
 */
export async function freshDatabaseScripts(
  migrations?: Migration[],
  functions?: SqlFunctionFile[],
): Promise<string[]> {
  const texts = await Promise.all(
    (migrations ?? (await listMigrations())).map(async (m) => splitMigration(await readFile(m.path, 'utf8'))),
  )
  return [
    ...texts.map((text) => text.before),
    ...(functions ?? (await listSqlFunctions())).map((file) => file.sql),
    ...texts.map((text) => text.after).filter((after) => after !== ''),
  ]
}

/** The records beside Supabase's migrations table: each file's checksum (added where it is missing). */
const RECORDS_SQL = `
alter table supabase_migrations.schema_migrations add column if not exists checksum text;
create table if not exists supabase_migrations.schema_functions (
  name text primary key,
  checksum text not null,
  applied_at timestamptz not null default now()
);
`

export interface ApplyOptions {
  progress?: MigrationProgress
  /** The function files (listSqlFunctions() unless given; [] applies none). */
  functions?: SqlFunctionFile[]
}

/**
 * Brings the database to the migrations and the function files, in one transaction: the pending
 * migrations (each recorded with its checksum), then the function files that changed since they were
 * last applied (or that a pending migration drops: it names their signature), then the pending
 * migrations' parts that run after the functions. Nothing changed: nothing runs, no transaction.
 * A migration applied here whose file has changed since is refused: the database has what the file
 * said then, and a change belongs in a new migration. A migration recorded before checksums were kept
 * gets its file's checksum recorded. Returns the versions run.
 */
export async function applyMigrations(
  db: SqlDatabase,
  migrations: Migration[],
  options: ApplyOptions = {},
): Promise<string[]> {
  const ready = await db.query<{ ready: boolean }>(
    `select to_regclass('supabase_migrations.schema_functions') is not null as ready`,
  )
  if (!ready.rows[0]?.ready) await db.exec(RECORDS_SQL)
  const done = await db.query<{ version: string; checksum: string | null }>(
    'select version, checksum from supabase_migrations.schema_migrations',
  )
  const recorded = new Map(done.rows.map((row) => [row.version, row.checksum]))
  await adoptBaseline(db, recorded, migrations)
  const files = await Promise.all(
    migrations.map(async (migration) => {
      const sql = await readFile(migration.path, 'utf8')
      return { ...migration, sql, checksum: checksumOf(sql) }
    }),
  )
  for (const file of files) {
    const checksum = recorded.get(file.version)
    if (checksum && checksum !== file.checksum) {
      throw new EditedMigrationError(
        `The migration ${basename(file.path)} was changed after this database applied it: put the file back ` +
          'as it was and make the change in a new migration.',
        { path: file.path },
      )
    }
  }
  const pending = files.filter((file) => !recorded.has(file.version))
  const unrecorded = files.filter((file) => recorded.has(file.version) && !recorded.get(file.version))
  const functions = options.functions ?? (await listSqlFunctions())
  const applied = await db.query<{ name: string; checksum: string }>(
    'select name, checksum from supabase_migrations.schema_functions',
  )
  const appliedFunctions = new Map(applied.rows.map((row) => [row.name, row.checksum]))
  const dropped = new Set(
    pending.flatMap((file) =>
      [...file.sql.matchAll(/drop\s+function\s+(?:if\s+exists\s+)?public\.([a-z_0-9]+)/gi)].map((m) => m[1]),
    ),
  )
  const changed = functions.filter(
    (file) => appliedFunctions.get(file.name) !== file.checksum || dropped.has(file.name),
  )
  const gone = [...appliedFunctions.keys()].filter((name) => !functions.some((file) => file.name === name))
  if (pending.length + unrecorded.length + changed.length + gone.length === 0) return []
  if (pending.length > 0) options.progress?.migrating(pending.length)
  const started = performance.now()
  await db.transaction(async (tx) => {
    for (const file of pending) {
      await tx.exec(splitMigration(file.sql).before)
      await tx.query(
        'insert into supabase_migrations.schema_migrations (version, name, checksum) values ($1, $2, $3)',
        [file.version, file.name, file.checksum],
      )
    }
    for (const file of unrecorded) {
      await tx.query('update supabase_migrations.schema_migrations set checksum = $2 where version = $1', [
        file.version,
        file.checksum,
      ])
    }
    for (const file of changed) {
      await tx.exec(file.sql)
      await tx.query(
        `insert into supabase_migrations.schema_functions (name, checksum) values ($1, $2)
         on conflict (name) do update set checksum = excluded.checksum, applied_at = now()`,
        [file.name, file.checksum],
      )
    }
    for (const name of gone) {
      await tx.query('delete from supabase_migrations.schema_functions where name = $1', [name])
    }
    for (const file of pending) {
      const { after } = splitMigration(file.sql)
      if (after !== '') await tx.exec(after)
    }
  })
  const ran = pending.map((file) => file.version)
  if (ran.length > 0) options.progress?.migrated(ran, Math.round(performance.now() - started))
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

async function adoptBaseline(
  db: SqlDatabase,
  applied: Map<string, string | null>,
  migrations: Migration[],
): Promise<void> {
  const baseline = migrations.find((migration) => migration.version === BASELINE.version)
  const { first, last } = BASELINE.replaces
  const earlier = [...applied.keys()].filter((version) => version >= first && version <= last)
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
  // Recorded without its checksum: the next step records the file's, as for any migration before them.
  applied.set(baseline.version, null)
}

export async function applySeed(db: SqlDatabase, path = join(SUPABASE_DIR, 'seed.sql')): Promise<void> {
  await db.exec(await readFile(path, 'utf8'))
}
