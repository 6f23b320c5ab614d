import { PGlite } from '@electric-sql/pglite'
import type { PublicConfig } from '../../../core/public-config.ts'
import type { AppDeps } from '../app.ts'
import { createLocalSecret } from '../db/local-secret.ts'
import { prepareDatabase } from '../db/prepare-database.ts'
import { createLocalSupabase } from '../rest/local-supabase.ts'

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
 * supabase-js: everything but the disk. Creation takes a few seconds, so make one per test file.
 */
export async function createTestBackend(): Promise<TestBackend> {
  const db = new PGlite()
  await prepareDatabase(db)
  const secret = createLocalSecret()
  const { rest, supabase } = await createLocalSupabase(db, secret)
  const errors: unknown[][] = []
  const logger = { error: (...args: unknown[]) => void errors.push(args) }
  return { db, secret, errors, deps: { supabase, rest, publicConfig: TEST_PUBLIC_CONFIG, logger } }
}
