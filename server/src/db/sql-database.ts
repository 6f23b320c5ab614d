import type { Results } from '@electric-sql/pglite'

/** Statements on a Postgres, in PGlite's shape: on the database or inside one of its transactions. */
export interface SqlQueries {
  query<T>(sql: string, params?: unknown[]): Promise<Results<T>>
  exec(sql: string): Promise<Results[]>
}

/**
 * A database the migrations and the server run on: PGlite in this thread, PGlite in a worker thread of
 * its own (database-thread.ts), or PostgreSQL through postgres.js (postgres-database.ts). Its `query`
 * is the data code's port (data/database.ts).
 */
export interface SqlDatabase extends SqlQueries {
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlQueries) => Promise<T>): Promise<T>
  close(): Promise<void>
}
