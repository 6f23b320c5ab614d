import type { Hono } from 'hono'
import type { Db } from '../data/database.ts'
import { createServerSupabase } from '../data/supabase-client.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import { signLocalKey } from './local-jwt.ts'
import { createRestApp } from './rest-app.ts'

/** supabase-js needs a base URL; requests never leave the process, so any origin would do. */
export const LOCAL_SUPABASE_URL = 'http://supabase.local'

export interface LocalSupabase {
  /** Mount on the server so `/rest/v1` is reachable over HTTP too (curl, debugging). */
  rest: Hono
  /** A service-role client whose requests are answered in-process by `rest`. */
  supabase: Db
}

/**
 * The embedded stand-in for a hosted Supabase project: the REST layer over the embedded database,
 * and a real supabase-js client wired to it through `global.fetch`, so no loopback hop is needed
 * and it works before the server listens.
 */
export async function createLocalSupabase(
  db: SqlDatabase,
  secret: string,
  /** The server's default suits a page waiting; a bulk import needs longer. */
  options: { timeoutMs?: number } = {},
): Promise<LocalSupabase> {
  const rest = createRestApp({ db, secret })
  const serviceRoleKey = await signLocalKey(secret, 'service_role')
  const supabase = createServerSupabase({
    url: LOCAL_SUPABASE_URL,
    key: serviceRoleKey,
    fetch: async (input, init) => rest.fetch(new Request(input, init)),
    ...options,
  })
  return { rest, supabase }
}
