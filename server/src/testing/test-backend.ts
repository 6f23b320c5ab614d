import { expect, inject } from 'vitest'
import type { PublicConfig } from '#core/public-config.ts'
import type { AppDeps } from '../app.ts'
import { createKeyedHash } from '../common/keyed-hash.ts'
import { createVisitTokens } from '../common/visit-token.ts'
import { createLocalSecret } from '../db/local-secret.ts'
import { loadRepositoryTemplates } from './agent-templates.ts'
import { openPreparedDatabase } from './prepared-database.ts'
import { openTestPostgresDatabase, type TestDatabase } from './test-postgres.ts'

export type { TestDatabase }

export interface TestBackend {
  db: TestDatabase
  /** Which engine this run's tests are on (`TEST_DATABASE=postgres`: the `node-postgres` project). */
  engine: 'pglite' | 'postgres'
  /** The database's URL, on PostgreSQL: what DATABASE_URL would be. */
  url: string | null
  secret: string
  deps: AppDeps
  errors: unknown[][]
}

export const TEST_PUBLIC_CONFIG: PublicConfig = {
  productName: 'CallPilot',
  voice: null,
  features: { browserCall: false, phoneCall: false, videoCall: false },
}

/** The visit tokens test apps sign their prospect answers with and check events against. */
export const TEST_VISIT_TOKENS = createVisitTokens(
  createKeyedHash('test-visit-token-secret-0123456789abcdef'),
)

/**
 * A real Postgres with the migrations and the examples, for one test file: by default the embedded
 * PGlite (a copy of the run's prepared image; the unit loop has none, and says so), and in the
 * `node-postgres` project a database of its own on the run's PostgreSQL server, through the driver
 * production uses. The app talks to either through the same port.
 */
export async function createTestBackend(): Promise<TestBackend> {
  const engine = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite'
  const { db, url } =
    engine === 'postgres' ? await openTestPostgresDatabase() : { db: await openTestPGlite(), url: null }
  const errors: unknown[][] = []
  const logger = { error: (...args: unknown[]) => void errors.push(args) }
  const templates = await loadRepositoryTemplates()
  const deps: AppDeps = {
    db,
    templates,
    publicConfig: TEST_PUBLIC_CONFIG,
    logger,
  }
  return { db, engine, url, secret: createLocalSecret(), errors, deps }
}

function openTestPGlite(): Promise<TestDatabase> {
  return openPreparedDatabase(inject('preparedDatabaseImage'))
}

const CLIENT_ROLES = ['anon', 'authenticated'] as const

/**
 * Neither of the roles a browser's key would have (`anon`, `authenticated`) may touch these tables or
 * run these functions: the server alone works on them, with its own role. Checked in the catalogue,
 * so it holds whatever reaches the database.
 */
export async function expectClosedToClients(
  backend: TestBackend,
  names: { tables?: readonly string[]; functions?: readonly string[] },
): Promise<void> {
  for (const role of CLIENT_ROLES) {
    for (const table of names.tables ?? []) {
      const { rows } = await backend.db.query<{ open: boolean }>(
        `select has_table_privilege($1, $2, 'select, insert, update, delete') as open`,
        [role, `public.${table}`],
      )
      expect(rows[0]?.open, `${role} on table ${table}`).toBe(false)
    }
    for (const fn of names.functions ?? []) {
      const { rows } = await backend.db.query<{ found: number; open: boolean }>(
        `select count(*)::int as found, coalesce(bool_or(has_function_privilege($1, p.oid, 'execute')), false) as open
         from pg_proc p where p.pronamespace = 'public'::regnamespace and p.proname = $2`,
        [role, fn],
      )
      expect(rows[0]?.found, `function ${fn} exists`).toBeGreaterThan(0)
      expect(rows[0]?.open, `${role} may run ${fn}`).toBe(false)
    }
  }
}
