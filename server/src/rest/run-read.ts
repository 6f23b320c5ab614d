import { runBatch, type SqlDatabase } from '../db/sql-database.ts'
import type { RequestAuth } from './local-jwt.ts'
import type { ReadRequest } from './parse-request.ts'
import { createPgrstError, fromDatabaseError } from './pgrst-error.ts'
import { quoteIdentifier, type TableColumns } from './table-columns.ts'

export interface ReadResult {
  /** JSON text made by Postgres itself (`json_agg`), as PostgREST sends it. */
  body: string
  rows: number
}

/**
 * Runs one read the way PostgREST does: in a read-only transaction, as the JWT's role (the owner
 * would skip RLS), with the claims visible to SQL through `request.jwt.claims`. Identifiers come
 * from the catalogue, values travel as parameters.
 */
export async function runRead(
  db: SqlDatabase,
  tables: TableColumns,
  table: string,
  request: ReadRequest,
  auth: RequestAuth,
): Promise<ReadResult> {
  const columns = tables.get(table)
  if (!columns) {
    throw createPgrstError(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`)
  }
  const requested = [...(request.columns ?? []), ...request.filters.map((filter) => filter.column)]
  const unknown = requested.find((column) => !columns.has(column))
  if (unknown !== undefined) {
    throw createPgrstError(400, '42703', `column ${table}.${unknown} does not exist`)
  }
  const select = request.columns ? request.columns.map(quoteIdentifier).join(', ') : '*'
  const where = request.filters.map((filter, i) => `${quoteIdentifier(filter.column)} = $${i + 1}`)
  const body = request.singular ? `(json_agg(t) -> 0)::text` : `coalesce(json_agg(t), '[]')::text`
  const sql =
    `select count(*)::int as rows, ${body} as body from (select ${select} from public.${quoteIdentifier(table)}` +
    `${where.length > 0 ? ` where ${where.join(' and ')}` : ''}) t`
  try {
    const results = await runBatch(db, [
      { sql: 'set transaction read only' },
      { sql: `set local role ${quoteIdentifier(auth.role)}` },
      {
        sql: `select set_config('request.jwt.claims', $1, true), set_config('request.method', 'GET', true)`,
        params: [JSON.stringify(auth.claims)],
      },
      { sql, params: request.filters.map((filter) => filter.value) },
    ])
    const row = results.at(-1)?.rows[0] as { rows: number; body: string | null } | undefined
    return { rows: row?.rows ?? 0, body: row?.body ?? 'null' }
  } catch (error) {
    throw fromDatabaseError(error, auth.role !== 'anon')
  }
}
