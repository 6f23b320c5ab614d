import postgres from 'postgres'
import type { SqlDatabase, SqlQueries } from './sql-database.ts'

export interface PostgresOptions {
  /** Connections kept open at most. */
  max?: number
}

/**
 * A PostgreSQL server through postgres.js (maintained, no dependencies, the same on Node and Deno):
 * the server's database when `DATABASE_URL` is set, and the edge function's through Supabase's
 * pooler. Behind the interface the embedded database answers too, so the migrations and the data
 * code run unchanged on either.
 *
 * No deadline is put on a statement once it has been sent: answering a failure for work that then
 * commits would lie to the caller. A connection that cannot be made is refused before any work
 * starts (`connect_timeout`), and the server itself ends a statement that runs away
 * (`statement_timeout`), rolling it back, so a failure is always a true one.
 */
export function openPostgres(url: string, options: PostgresOptions = {}): SqlDatabase {
  const sql = postgres(url, {
    max: options.max ?? 10,
    // A transaction-mode pooler (Supabase's on port 6543) gives each statement any connection: a named
    // prepared statement would be missing on the next one.
    prepare: !isTransactionPooler(url),
    connect_timeout: 10,
    idle_timeout: 60,
    connection: { application_name: 'callpilot', statement_timeout: 120_000 },
    onnotice: () => {},
    // Timestamps and jsonb come back as the embedded database gives them: Date and parsed JSON.
  })
  return adapt(sql, () => sql.end({ timeout: 5 }))
}

/** Supabase's pooler in transaction mode listens on 6543; `?pgbouncer=true` marks any other. */
export function isTransactionPooler(url: string): boolean {
  const parsed = new URL(url)
  return parsed.port === '6543' || parsed.searchParams.get('pgbouncer') === 'true'
}

type Queries = postgres.Sql | postgres.TransactionSql

function adapt(sql: postgres.Sql, close: () => Promise<void>): SqlDatabase {
  return {
    ...queriesOf(sql),
    transaction: <T>(fn: (tx: SqlQueries) => Promise<T>) =>
      sql.begin((tx) => fn(queriesOf(tx))) as Promise<T>,
    close,
  }
}

function queriesOf(sql: Queries): SqlQueries {
  return {
    async query<T>(text: string, params: unknown[] = []) {
      const rows = await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[])
      return { rows: [...rows] as T[], fields: [], affectedRows: rows.count }
    },
    async exec(text: string) {
      // Without parameters a script of several statements runs in one simple-protocol message.
      await sql.unsafe(text).simple()
      return []
    },
  }
}
