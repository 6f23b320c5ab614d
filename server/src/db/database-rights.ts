import type { SqlQueries } from './sql-database.ts'

/**
 * Supabase's API roles, as a fresh Supabase project has them: the migrations grant to them and revoke
 * from them, so they must exist first. On Supabase they do; elsewhere the bootstrap creates the ones
 * missing, which takes a superuser (service_role bypasses row level security, and only a superuser
 * may make such a role), or an administrator runs these statements once per PostgreSQL server.
 */
export const API_ROLES = {
  anon: 'create role anon nologin noinherit;',
  authenticated: 'create role authenticated nologin noinherit;',
  service_role: 'create role service_role nologin noinherit bypassrls;',
} as const

/**
 * The database role lacks a right the migrations need. Its message is one line an operator acts on:
 * the role, what it may not do, and the SQL an administrator runs; entry points print it without a
 * stack.
 */
export class DatabaseRightsError extends Error {
  override readonly name = 'DatabaseRightsError'

  constructor(
    message: string,
    /** The statements that give the right, which the message ends with. */
    readonly sql: string,
    options: { cause: unknown },
  ) {
    super(`${message} ${sql}`, options)
  }
}

/** PostgreSQL's SQLSTATE for a statement the role has no right to run. */
const INSUFFICIENT_PRIVILEGE = '42501'

/**
 * A refusal for want of rights while migrating, as a DatabaseRightsError saying which role lacks what
 * and the SQL that gives it; any other error unchanged. `db` is the connection that was refused, still
 * usable (the refused statement was rolled back); `where` names the database for people.
 */
export async function explainRefusal(db: SqlQueries, where: string, error: unknown): Promise<unknown> {
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown
    message?: unknown
  }
  if (code !== INSUFFICIENT_PRIVILEGE) return error
  const facts = await db
    .query<{ role: string; database: string; missing: string[] }>(
      `select current_user as role, current_database() as database,
              array(select name from unnest($1::text[]) as name
                    where not exists (select from pg_roles where rolname = name)) as missing`,
      [Object.keys(API_ROLES)],
    )
    .then((result) => result.rows[0])
    .catch(() => undefined)
  if (facts === undefined) return error
  const role = quoteIdentifier(facts.role)
  const why = `(${String(message)})`
  const missing = facts.missing.filter((name): name is keyof typeof API_ROLES => name in API_ROLES)
  if (missing.length > 0) {
    const roles = missing.length > 1 ? `the roles ${listed(missing)}` : `the role ${listed(missing)}`
    return new DatabaseRightsError(
      `Cannot migrate ${where}: the role ${role} may not create ${roles}, which the product's tables are granted ` +
        `to ${why}; an administrator runs, once for this PostgreSQL server:`,
      missing.map((name) => API_ROLES[name]).join(' '),
      { cause: error },
    )
  }
  return new DatabaseRightsError(
    `Cannot migrate ${where}: the role ${role} may not change its schema ${why}; the migrations need the owner ` +
      'of the database and of what its public schema holds, so an administrator runs:',
    `alter database ${quoteIdentifier(facts.database)} owner to ${role};`,
    { cause: error },
  )
}

const listed = (names: readonly string[]) =>
  names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`

/** A name as SQL reads it: bare when it is a plain lower-case one, else in double quotes. */
const quoteIdentifier = (name: string) =>
  /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`
