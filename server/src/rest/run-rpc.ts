import { runBatch, type SqlDatabase } from '../db/sql-database.ts'
import { type FunctionSignature, type FunctionSignatures, findSignature } from './function-signatures.ts'
import type { RequestAuth } from './local-jwt.ts'
import { createPgrstError, fromDatabaseError } from './pgrst-error.ts'
import { quoteIdentifier } from './table-columns.ts'

/**
 * Runs `POST /rpc/{fn}` the way PostgREST does for a function returning one value: arguments by
 * name, as the JWT's role with its claims visible to SQL, stable and immutable functions read-only.
 * Answers the JSON text of the result. Sets, void and composite filtering are not implemented.
 */
export async function runRpc(
  db: SqlDatabase,
  functions: FunctionSignatures,
  name: string,
  args: Record<string, unknown>,
  auth: RequestAuth,
): Promise<string> {
  const names = Object.keys(args).sort()
  const signature = findSignature(functions, name, names)
  if (!signature) throw functionNotFound(name, names)
  if (signature.returnsSet || signature.returnsVoid) {
    throw createPgrstError(
      400,
      'PGRSTX01',
      `The local REST layer cannot call public.${name}`,
      'It implements functions that return one value (not void, not a set).',
    )
  }
  const values = signature.parameters
    .filter((parameter) => Object.hasOwn(args, parameter.name))
    .map((parameter) => ({ parameter, value: toSqlValue(args[parameter.name], parameter.type) }))
  const call = values
    .map(({ parameter }, i) => `${quoteIdentifier(parameter.name)} := $${i + 1}::${parameter.type}`)
    .join(', ')
  const sql = `select to_jsonb(public.${quoteIdentifier(signature.name)}(${call}))::text as body`
  try {
    const results = await runBatch(db, [
      ...(isReadOnly(signature) ? [{ sql: 'set transaction read only' }] : []),
      { sql: `set local role ${quoteIdentifier(auth.role)}` },
      {
        sql: `select set_config('request.jwt.claims', $1, true), set_config('request.method', 'POST', true)`,
        params: [JSON.stringify(auth.claims)],
      },
      { sql, params: values.map(({ value }) => value) },
    ])
    return (results.at(-1)?.rows[0] as { body: string | null } | undefined)?.body ?? 'null'
  } catch (error) {
    throw fromDatabaseError(error, auth.role !== 'anon')
  }
}

const isReadOnly = (signature: FunctionSignature) => signature.volatility !== 'v'

/** JSON arguments travel as text parameters cast to the declared type, as PostgREST's do. */
function toSqlValue(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null
  if (type === 'json' || type === 'jsonb') return JSON.stringify(value)
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** PostgREST v12's answer when no function has this name and these argument names (PGRST202). */
function functionNotFound(name: string, names: readonly string[]) {
  const list = names.join(', ')
  const searched =
    names.length === 0 ? ' without parameters' : ` with parameter${names.length === 1 ? '' : 's'} ${list}`
  return createPgrstError(
    404,
    'PGRST202',
    `Could not find the function public.${name}${names.length === 0 ? ' without parameters' : `(${list})`} in the schema cache`,
    `Searched for the function public.${name}${searched} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
  )
}
