import type { Results } from '@electric-sql/pglite'

/** Statements on the embedded Postgres: PGlite's own calls, on its instance or inside a transaction. */
export interface SqlQueries {
  query<T>(sql: string, params?: unknown[]): Promise<Results<T>>
  exec(sql: string): Promise<Results[]>
}

/**
 * What the server asks of the embedded Postgres: a PGlite instance in this thread, or one in a worker
 * thread of its own (database-thread.ts), which answers the same calls.
 */
export interface SqlDatabase extends SqlQueries {
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlQueries) => Promise<T>): Promise<T>
  /** Runs the statements in one transaction and answers their results: in one step, where it has one. */
  batch?(statements: readonly SqlStatement[]): Promise<Results[]>
  close(): Promise<void>
}

export interface SqlStatement {
  sql: string
  params?: unknown[]
}

/**
 * Runs the statements in one transaction, in order, and answers their results; all or nothing. A
 * database in another thread takes them in one message, not a round trip per statement, so its
 * transaction is not held open while this thread is busy with other work.
 */
export function runBatch(db: SqlDatabase, statements: readonly SqlStatement[]): Promise<Results[]> {
  if (db.batch) return db.batch(statements)
  return db.transaction(async (tx) => {
    const results: Results[] = []
    for (const statement of statements) results.push(await tx.query(statement.sql, statement.params))
    return results
  })
}
