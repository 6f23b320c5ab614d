import { Hono } from 'hono'
import type { SqlDatabase } from '../db/sql-database.ts'
import { type FunctionSignatures, loadFunctionSignatures } from './function-signatures.ts'
import { authenticateRequest } from './local-jwt.ts'
import { parseReadRequest, parseRpcArguments } from './parse-request.ts'
import { createPgrstError, fromDatabaseError, PgrstError, toPgrstResponse } from './pgrst-error.ts'
import { runRead } from './run-read.ts'
import { runRpc } from './run-rpc.ts'
import { loadTableColumns, type TableColumns } from './table-columns.ts'

export interface RestDeps {
  db: SqlDatabase
  /** Verifies the JWTs in `apikey` / `Authorization`. */
  secret: string
}

export const REST_BASE_PATH = '/rest/v1'

/**
 * The subset of PostgREST v12 that the server's supabase-js calls use, served from the embedded
 * database so the same data code runs locally and on hosted Supabase: `GET /rest/v1/{table}` with
 * `select=` and `eq` filters, as an array or (for `.single()`) one object, and `POST /rest/v1/rpc/{fn}`
 * (supabase-js `.rpc()`) for functions returning one value. Local use only.
 */
export function createRestApp(deps: RestDeps): Hono {
  let schemaCache: Promise<TableColumns> | undefined
  const loadSchema = () => {
    schemaCache ??= loadTableColumns(deps.db).catch((error: unknown) => {
      schemaCache = undefined // a database that is down now may be back on the next request
      throw fromDatabaseError(error, true)
    })
    return schemaCache
  }
  let functionCache: Promise<FunctionSignatures> | undefined
  const loadFunctions = () => {
    functionCache ??= loadFunctionSignatures(deps.db).catch((error: unknown) => {
      functionCache = undefined
      throw fromDatabaseError(error, true)
    })
    return functionCache
  }

  const app = new Hono().basePath(REST_BASE_PATH)
  app.get('/:table', async (c) => {
    const auth = await authenticateRequest(c.req.raw.headers, deps.secret)
    checkProfile(c.req.header('Accept-Profile'))
    const request = parseReadRequest(new URL(c.req.url), c.req.header('Accept') ?? null)
    const result = await runRead(deps.db, await loadSchema(), c.req.param('table'), request, auth)
    if (request.singular && result.rows !== 1) {
      throw createPgrstError(
        406,
        'PGRST116',
        'Cannot coerce the result to a single JSON object',
        `The result contains ${result.rows} rows`,
      )
    }
    const contentType = request.singular ? 'application/vnd.pgrst.object+json' : 'application/json'
    return c.body(result.body, 200, {
      'Content-Type': `${contentType}; charset=utf-8`,
      'Content-Range': result.rows === 0 ? '*/*' : `0-${result.rows - 1}/*`,
    })
  })
  app.post('/rpc/:fn', async (c) => {
    const auth = await authenticateRequest(c.req.raw.headers, deps.secret)
    checkProfile(c.req.header('Content-Profile'))
    const args = parseRpcArguments(await c.req.text())
    const body = await runRpc(deps.db, await loadFunctions(), c.req.param('fn'), args, auth)
    return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' })
  })
  app.all('/rpc/:fn', (c) => {
    throw createPgrstError(
      405,
      'PGRST101',
      `Cannot use the ${c.req.method} method on RPC`,
      'The local REST layer implements POST only for functions.',
    )
  })
  app.all('/:table', (c) => {
    throw createPgrstError(
      405,
      'PGRST117',
      `Unsupported HTTP method: ${c.req.method}`,
      'The local REST layer implements GET only.',
    )
  })
  app.all('*', () => {
    throw createPgrstError(404, 'PGRST125', 'Invalid path specified in request URL')
  })
  app.onError((error) => {
    if (error instanceof PgrstError) return toPgrstResponse(error)
    // Database failures are already PgrstErrors; anything else is a bug in this layer.
    return toPgrstResponse(
      createPgrstError(500, 'PGRSTX00', 'Internal error in the local REST layer', error.message),
    )
  })
  return app
}

function checkProfile(profile: string | undefined): void {
  if (profile === undefined || profile === 'public') return
  throw createPgrstError(
    406,
    'PGRST106',
    `Invalid schema: ${profile}`,
    null,
    'Only the following schemas are exposed: public',
  )
}
