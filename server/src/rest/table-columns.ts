import type { SqlDatabase } from '../db/sql-database.ts'

/** Table (or view) name → its columns, for the `public` schema: the local "schema cache". */
export type TableColumns = ReadonlyMap<string, ReadonlySet<string>>

/**
 * Reads the exposed tables and their columns once, as PostgREST reads its schema cache at start.
 * Identifiers in SQL come only from here, so a query string can never inject one.
 * Read as the connection's owner (not as the request's role), so every table is known and a denied
 * role gets 42501 rather than "table not found", like PostgREST.
 */
export async function loadTableColumns(db: SqlDatabase): Promise<TableColumns> {
  const result = await db.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
     where table_schema = 'public' order by table_name, ordinal_position`,
  )
  const tables = new Map<string, Set<string>>()
  for (const row of result.rows) {
    const columns = tables.get(row.table_name) ?? new Set<string>()
    columns.add(row.column_name)
    tables.set(row.table_name, columns)
  }
  return tables
}

/** Double-quotes an identifier for SQL. Only ever called with names read from the catalogue. */
export const quoteIdentifier = (name: string): string => `"${name.replaceAll('"', '""')}"`
