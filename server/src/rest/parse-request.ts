import { createPgrstError } from './pgrst-error.ts'

export interface EqFilter {
  column: string
  value: string
}

export interface ReadRequest {
  /** `null` means `*`. */
  columns: string[] | null
  filters: EqFilter[]
  /** `.single()` asked for one JSON object instead of an array. */
  singular: boolean
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/
/** Operators PostgREST knows; only `eq` is implemented here because only `eq` is used. */
const POSTGREST_OPERATORS = new Set(
  'eq neq gt gte lt lte like ilike match imatch in is isdistinct fts plfts phfts wfts cs cd ov sl sr nxr nxl adj'.split(
    ' ',
  ),
)
const RESERVED = new Set(['order', 'limit', 'offset', 'on_conflict', 'columns', 'or', 'and', 'not'])

/** Parses `select=` and `column=op.value` filters. Throws PgrstError (400 PGRST100) for the rest. */
export function parseReadRequest(url: URL, accept: string | null): ReadRequest {
  const filters: EqFilter[] = []
  let columns: string[] | null = null
  for (const [key, raw] of url.searchParams) {
    if (key === 'select') columns = parseSelect(raw)
    else if (RESERVED.has(key)) throw unsupported(`"${key}" is not implemented by the local REST layer`, key)
    else filters.push(parseFilter(key, raw))
  }
  return { columns, filters, singular: isSingularAccept(accept) }
}

function parseSelect(raw: string): string[] | null {
  if (raw === '' || raw === '*') return null
  const items = raw.split(',')
  for (const item of items) {
    if (!IDENTIFIER.test(item)) {
      throw createPgrstError(
        400,
        'PGRST100',
        `"failed to parse select parameter (${raw})" (line 1, column 1)`,
        'Only "*" or a comma-separated list of column names is implemented by the local REST layer',
      )
    }
  }
  return items
}

function parseFilter(column: string, raw: string): EqFilter {
  const dot = raw.indexOf('.')
  const operator = dot === -1 ? raw : raw.slice(0, dot)
  if (operator === 'eq' && dot !== -1) return { column, value: raw.slice(dot + 1) }
  if (POSTGREST_OPERATORS.has(operator) || operator === 'not') {
    throw unsupported(`operator "${operator}" is not implemented by the local REST layer (only eq)`, raw)
  }
  // Same answer as PostgREST for a filter it cannot parse.
  throw createPgrstError(
    400,
    'PGRST100',
    `"failed to parse filter (${raw})" (line 1, column 1)`,
    `unexpected "${raw.charAt(0)}" expecting "not" or operator (eq, gt, ...)`,
  )
}

const unsupported = (details: string, raw: string) =>
  createPgrstError(400, 'PGRST100', `"failed to parse filter (${raw})" (line 1, column 1)`, details)

const ARRAY_TYPES = new Set(['application/json', 'application/*', '*/*'])
const OBJECT_TYPES = new Set(['application/vnd.pgrst.object+json', 'application/vnd.pgrst.object'])

/**
 * Picks the representation from `Accept` as PostgREST does: the first listed type it can produce wins
 * (`.single()` sends the object type); none producible → 406 PGRST107.
 */
function isSingularAccept(accept: string | null): boolean {
  if (!accept?.trim()) return false
  const types = accept.split(',').map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '')
  for (const type of types) {
    if (OBJECT_TYPES.has(type)) return true
    if (ARRAY_TYPES.has(type)) return false
  }
  throw createPgrstError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`)
}

/**
 * The JSON object of a `POST /rpc/{fn}` body: each key names an argument. An empty body means no
 * arguments; anything else that is not a JSON object is PostgREST's 400 PGRST102.
 */
export function parseRpcArguments(text: string): Record<string, unknown> {
  if (text.trim() === '') return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw createPgrstError(400, 'PGRST102', 'Empty or invalid json')
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw createPgrstError(
      400,
      'PGRST102',
      'Empty or invalid json',
      'The local REST layer takes one JSON object of named arguments.',
    )
  }
  return value as Record<string, unknown>
}
