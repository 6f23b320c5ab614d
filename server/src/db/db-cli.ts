import { describeFailure } from './filesystem-errors.ts'
import type { DataDirInUseError } from './lock.ts'
import { applySeed, listMigrations } from './migrate.ts'
import { DEFAULT_DATA_DIR, describePostgres, migratePostgres } from './open-backend.ts'
import { openEmbeddedDatabase } from './open-embedded-database.ts'
import { isHeldByAnotherProcess, openThroughServer, StoreConfigError, withStore } from './open-store.ts'
import { openPostgres } from './postgres-database.ts'

export const DB_USAGE = `Usage: npm run db -- <command>

Commands:
  migrate   apply the migrations the database has not had yet and the SQL functions that changed,
            in one transaction
  seed      load the example prospects (bright-smile-dental, harbor-realty); never done unasked
  status    the migrations applied and pending

The database: PostgreSQL at DATABASE_URL, else the embedded one under DATA_DIR (default .data/), which
the server migrates and seeds by itself when it creates it. While the server runs on it, migrate has
nothing to do (the server migrated it as it started), status asks the server, and seed needs the
server stopped. With DATABASE_URL the server migrates at start too, unless DATABASE_MIGRATE=off. See
docs/operations.md, "Data".`

export interface DbCliIo {
  stdout: { write(text: string): unknown }
  stderr: { write(text: string): unknown }
  env: Record<string, string | undefined>
}

/** Runs one command; resolves to the exit code (0 done, 1 failed, 2 wrong usage), never rejects. */
export async function runDbCli(argv: readonly string[], io: DbCliIo): Promise<number> {
  const out = (line: string) => void io.stdout.write(`${line}\n`)
  const err = (line: string) => void io.stderr.write(`${line}\n`)
  const [command, ...rest] = argv
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    ;(command === undefined ? err : out)(DB_USAGE)
    return command === undefined ? 2 : 0
  }
  if (!['migrate', 'seed', 'status'].includes(command) || rest.length > 0) {
    err(
      `${rest.length > 0 ? `"${command}" takes no argument` : `Unknown command "${command}"`}.\n\n${DB_USAGE}`,
    )
    return 2
  }
  const url = io.env.DATABASE_URL?.trim() || null
  try {
    if (command === 'migrate') {
      const ran = url ? await migratePostgres(url) : await withEmbedded(io.env, async (e) => e.migrated)
      if (ran instanceof HeldByServer) {
        out('Nothing to migrate: the running server migrated the embedded database as it started.')
        return 0
      }
      out(ran.length === 0 ? 'Nothing to migrate: the database is up to date.' : `Applied ${ran.join(', ')}.`)
      return 0
    }
    if (command === 'seed') {
      const done = url
        ? await migratePostgres(url, { seed: true })
        : await withEmbedded(io.env, (embedded) => applySeed(embedded.db))
      if (done instanceof HeldByServer) {
        err(
          'The examples are loaded with the embedded database opened directly, which the running server ' +
            'holds: stop the server (Ctrl-C), run npm run db -- seed, then start the server.',
        )
        return 1
      }
      out('Loaded the example prospects (those already there were left as they were).')
      return 0
    }
    let applied = url ? await appliedOn(url) : await withEmbedded(io.env, (e) => appliedOf(e.db))
    let where = url ? describePostgres(url) : 'embedded database'
    if (applied instanceof HeldByServer) {
      // Reading which migrations ran is one query, which the running server answers.
      const { held } = applied
      applied = await withStore(
        () => openThroughServer(held),
        (store) => appliedOf(store.db),
      )
      where = `embedded database (through the running server, pid ${held.holder})`
    }
    const pending = (await listMigrations()).filter((migration) => !applied.includes(migration.version))
    out(`${where}: ${applied.length} applied, ${pending.length} pending`)
    for (const migration of pending) out(`  pending ${migration.version}_${migration.name}`)
    return 0
  } catch (error) {
    if (error instanceof StoreConfigError) err(error.message)
    else err(describeFailure(error, `The command "${command}" failed`))
    return 1
  }
}

/** What `withEmbedded` answers, having done nothing, when a live server holds the data directory. */
class HeldByServer {
  constructor(readonly held: DataDirInUseError & { holder: number }) {}
}

/**
 * The embedded database, opened (migrated, and seeded when new) as the server opens it, or
 * HeldByServer when a live server holds it (that server migrated it as it started).
 */
async function withEmbedded<T>(
  env: Record<string, string | undefined>,
  work: (embedded: Awaited<ReturnType<typeof openEmbeddedDatabase>>) => Promise<T>,
): Promise<T | HeldByServer> {
  let embedded: Awaited<ReturnType<typeof openEmbeddedDatabase>>
  try {
    embedded = await openEmbeddedDatabase(env.DATA_DIR?.trim() || DEFAULT_DATA_DIR)
  } catch (error) {
    if (isHeldByAnotherProcess(error)) return new HeldByServer(error)
    throw error
  }
  try {
    return await work(embedded)
  } finally {
    await embedded.close()
  }
}

async function appliedOn(url: string): Promise<string[]> {
  const db = openPostgres(url, { max: 1 })
  try {
    return await appliedOf(db)
  } finally {
    await db.close()
  }
}

async function appliedOf(db: { query<T>(sql: string): Promise<{ rows: T[] }> }): Promise<string[]> {
  const exists = await db.query<{ found: boolean }>(
    `select to_regclass('supabase_migrations.schema_migrations') is not null as found`,
  )
  if (!exists.rows[0]?.found) return []
  const { rows } = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations order by version',
  )
  return rows.map((row) => row.version)
}
