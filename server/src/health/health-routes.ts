import { Hono } from 'hono'
import { withDeadline } from '../common/with-deadline.ts'
import type { Db } from '../data/database.ts'

/** Where a load balancer or an orchestrator asks whether this process lives, and whether it serves. */
export const LIVENESS_PATH = '/healthz'
export const READINESS_PATH = '/readyz'

/** Why a server that answers is not ready; words for the operator, nothing an outsider could use. */
export type NotReadyReason = 'draining' | 'database_unavailable' | 'migrations_pending'

export type Readiness = { status: 'ready' } | { status: 'unavailable'; reason: NotReadyReason }

export interface HealthSettings {
  /** True once the server was asked to stop: it finishes what it has, and takes nothing new. */
  draining(): boolean
  /**
   * The newest migration this code needs (its highest version); null where the process cannot know
   * its migrations' list. Below it, the database is being migrated or was left behind.
   */
  expectedMigration: string | null
  /** How long the database may take to answer before it counts as unavailable. */
  databaseTimeoutMs?: number
}

const DEFAULT_DATABASE_TIMEOUT_MS = 2000

/**
 * `GET /healthz`: 200 while the process answers at all (liveness: restart it only when this fails).
 * `GET /readyz`: 200 when this server can serve: not draining, its database answering within the
 * timeout, with every migration its code needs applied; else 503 with the reason. Neither says more
 * (no versions, hosts or errors): they are open to anyone who can reach the server.
 */
export function healthRoutes(db: Db, settings: HealthSettings): Hono {
  const noStore = { 'Cache-Control': 'no-store' }
  return new Hono()
    .get(LIVENESS_PATH, (c) => c.json({ status: 'ok' }, 200, noStore))
    .get(READINESS_PATH, async (c) => {
      const readiness = await checkReadiness(db, settings)
      return c.json(readiness, readiness.status === 'ready' ? 200 : 503, noStore)
    })
}

export async function checkReadiness(db: Db, settings: HealthSettings): Promise<Readiness> {
  if (settings.draining()) return { status: 'unavailable', reason: 'draining' }
  let newest: string | null
  try {
    newest = await withDeadline(
      readNewestMigration(db),
      settings.databaseTimeoutMs ?? DEFAULT_DATABASE_TIMEOUT_MS,
      'the database did not answer in time',
    )
  } catch {
    return { status: 'unavailable', reason: 'database_unavailable' }
  }
  const { expectedMigration } = settings
  if (expectedMigration !== null && (newest === null || newest < expectedMigration)) {
    return { status: 'unavailable', reason: 'migrations_pending' }
  }
  return { status: 'ready' }
}

async function readNewestMigration(db: Db): Promise<string | null> {
  const { rows } = await db.query<{ version: string | null }>(
    'select max(version) as version from supabase_migrations.schema_migrations',
  )
  return rows[0]?.version ?? null
}
