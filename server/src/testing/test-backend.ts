import { PGlite } from '@electric-sql/pglite'
import type { Hono } from 'hono'
import { expect, inject } from 'vitest'
import type { PublicConfig } from '#core/public-config.ts'
import type { AppDeps } from '../app.ts'
import { createLocalSecret } from '../db/local-secret.ts'
import { prepareDatabase } from '../db/prepare-database.ts'
import { type ApiRole, signLocalKey } from '../rest/local-jwt.ts'
import { createLocalSupabase } from '../rest/local-supabase.ts'
import { loadRepositoryTemplates } from './agent-templates.ts'
import { openPreparedDatabase } from './prepared-database.ts'

export interface TestBackend {
  db: PGlite
  secret: string
  deps: AppDeps
  errors: unknown[][]
}

export const TEST_PUBLIC_CONFIG: PublicConfig = {
  productName: 'CallPilot',
  voice: null,
  features: { browserCall: false, phoneCall: false, videoCall: false },
}

/**
 * A real in-memory Postgres with the migrations and the seed, behind the real REST layer and
 * supabase-js: everything but the disk. A copy of the run's prepared database when the global setup
 * made one (vitest.config.ts), else built here; make one per test file.
 */
export async function createTestBackend(): Promise<TestBackend> {
  const image = inject('preparedDatabaseImage')
  const db = image ? await openPreparedDatabase(image) : await prepareNew()
  const secret = createLocalSecret()
  const { rest, supabase } = await createLocalSupabase(db, secret)
  const errors: unknown[][] = []
  const logger = { error: (...args: unknown[]) => void errors.push(args) }
  const templates = await loadRepositoryTemplates()
  return { db, secret, errors, deps: { supabase, templates, rest, publicConfig: TEST_PUBLIC_CONFIG, logger } }
}

/**
 * A request to the backend's `/rest/v1` as `role` with a locally signed key, as a client of hosted
 * Supabase would send it: GET without a body, POST with one.
 */
export async function requestRestAs(
  backend: TestBackend,
  role: ApiRole,
  path: string,
  body?: unknown,
): Promise<Response> {
  const key = await signLocalKey(backend.secret, role)
  return (backend.deps.rest as Hono).request(`/rest/v1/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
}

/** Each `[path, body]` is refused to `anon` (401) and `authenticated` (403) with Postgres's 42501. */
export async function expectClosedToClients(
  backend: TestBackend,
  requests: readonly (readonly [string, unknown])[],
): Promise<void> {
  for (const [path, body] of requests) {
    for (const [role, status] of [
      ['anon', 401],
      ['authenticated', 403],
    ] as const) {
      const res = await requestRestAs(backend, role, path, body)
      expect(res.status, `${role} ${path}`).toBe(status)
      expect((await res.json()).code).toBe('42501')
    }
  }
}

async function prepareNew(): Promise<PGlite> {
  const db = new PGlite()
  await prepareDatabase(db)
  return db
}
