import type { SqlDatabase } from '../db/sql-database.ts'

export interface FunctionParameter {
  name: string
  /** `format_type()` of the parameter's type, used as the cast of its value. */
  type: string
  hasDefault: boolean
}

export interface FunctionSignature {
  name: string
  parameters: FunctionParameter[]
  /** `s` stable or `i` immutable run read-only, as PostgREST runs them; `v` volatile read-write. */
  volatility: 'i' | 's' | 'v'
  returnsSet: boolean
  returnsVoid: boolean
}

/** Function name → its overloads in the `public` schema: the functions half of the schema cache. */
export type FunctionSignatures = ReadonlyMap<string, readonly FunctionSignature[]>

interface Row {
  name: string
  arg_names: string[] | null
  arg_types: string[]
  arg_modes: string[] | null
  defaults: number
  volatility: 'i' | 's' | 'v'
  returns_set: boolean
  returns_void: boolean
}

/**
 * Reads the callable functions of `public` once, as PostgREST does at start, with their named input
 * parameters. Like tables, every function is listed whoever may execute it, so a role without the
 * privilege gets 42501 from the database rather than "not found". Functions with unnamed or
 * OUT/VARIADIC parameters cannot be called by name and are left out.
 */
export async function loadFunctionSignatures(db: SqlDatabase): Promise<FunctionSignatures> {
  const result = await db.query<Row>(
    `select p.proname as name, p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
            array(select format_type(t, null) from unnest(p.proargtypes) as t) as arg_types,
            p.pronargdefaults as defaults, p.provolatile as volatility, p.proretset as returns_set,
            p.prorettype = 'void'::regtype as returns_void
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prokind = 'f'
     order by p.proname`,
  )
  const functions = new Map<string, FunctionSignature[]>()
  for (const row of result.rows) {
    if (row.arg_modes !== null) continue // OUT, INOUT, VARIADIC or TABLE parameters
    const names = row.arg_names ?? []
    if (row.arg_types.some((_, i) => !names[i])) continue
    const firstDefault = row.arg_types.length - row.defaults
    const signature: FunctionSignature = {
      name: row.name,
      parameters: row.arg_types.map((type, i) => ({
        name: names[i] as string,
        type,
        hasDefault: i >= firstDefault,
      })),
      volatility: row.volatility,
      returnsSet: row.returns_set,
      returnsVoid: row.returns_void,
    }
    functions.set(row.name, [...(functions.get(row.name) ?? []), signature])
  }
  return functions
}

/**
 * PostgREST's overload resolution by argument names: the function whose parameters include every
 * given name and lack only parameters that have defaults.
 */
export function findSignature(
  functions: FunctionSignatures,
  name: string,
  argumentNames: readonly string[],
): FunctionSignature | undefined {
  const given = new Set(argumentNames)
  return functions.get(name)?.find((signature) => {
    const names = new Set(signature.parameters.map((parameter) => parameter.name))
    return (
      argumentNames.every((arg) => names.has(arg)) &&
      signature.parameters.every((parameter) => parameter.hasDefault || given.has(parameter.name))
    )
  })
}
