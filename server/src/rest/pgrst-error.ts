/** PostgREST's error body: the Postgres error fields, or its own `PGRSTxxx` codes, never omitted. */
export interface PgrstErrorBody {
  code: string
  details: string | null
  hint: string | null
  message: string
}

/** An error the local REST layer answers with, shaped and statused as PostgREST v12 does. */
export class PgrstError extends Error {
  override readonly name = 'PgrstError'

  constructor(
    readonly status: number,
    readonly body: PgrstErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message)
  }
}

export const createPgrstError = (
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
): PgrstError => new PgrstError(status, { code, details, hint, message })

export function toPgrstResponse(error: PgrstError): Response {
  const headers = new Headers(error.headers)
  headers.set('Content-Type', 'application/json; charset=utf-8')
  if (error.status === 401 && !headers.has('WWW-Authenticate')) headers.set('WWW-Authenticate', 'Bearer')
  return new Response(JSON.stringify(error.body), { status: error.status, headers })
}

interface PostgresError {
  code: string
  message: string
  detail?: string | undefined
  hint?: string | undefined
}

/** PGlite's DatabaseError carries the SQLSTATE in `code`; "PGlite is closed" and friends do not. */
function isPostgresError(error: unknown): error is PostgresError {
  const code: unknown = error instanceof Error ? (error as Partial<PostgresError>).code : undefined
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)
}

/**
 * Turns what the database threw into PostgREST's answer (its documented SQLSTATE → HTTP table).
 * Anything that is not a Postgres error means the database itself is gone: 503, as PostgREST does
 * when it loses its connection.
 */
export function fromDatabaseError(error: unknown, authenticated: boolean): PgrstError {
  if (!isPostgresError(error)) {
    const details = error instanceof Error ? error.message : String(error)
    return createPgrstError(503, 'PGRST000', 'Database connection error. Retrying the connection.', details)
  }
  return new PgrstError(getStatusForSqlState(error.code, authenticated), {
    code: error.code,
    details: error.detail ?? null,
    hint: error.hint ?? null,
    message: error.message,
  })
}

const EXACT: Record<string, number> = {
  '23503': 409,
  '23505': 409,
  '25006': 405,
  '53400': 500,
  '57P01': 503,
  P0001: 400,
  '42883': 404,
  '42P01': 404,
  '42P17': 500,
}
const BY_CLASS: Record<string, number> = {
  '08': 503,
  '09': 500,
  '0L': 403,
  '0P': 403,
  '25': 500,
  '28': 403,
  '2D': 500,
  '38': 500,
  '39': 500,
  '3B': 500,
  '40': 500,
  '53': 503,
  '54': 500,
  '55': 500,
  '57': 500,
  '58': 500,
  F0: 500,
  HV: 500,
  P0: 500,
  XX: 500,
}

export function getStatusForSqlState(code: string, authenticated: boolean): number {
  if (code === '42501') return authenticated ? 403 : 401
  return EXACT[code] ?? BY_CLASS[code.slice(0, 2)] ?? 400
}
