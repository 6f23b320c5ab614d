import { Hono } from 'hono'
import { withDeadline } from '../common/with-deadline.ts'
import type { Db } from '../data/database.ts'

/** Where a load balancer or an orchestrator asks whether this process lives, and whether it serves. */
export const LIVENESS_PATH = '/healthz'
export const READINESS_PATH = '/readyz'

/** Why a server that answers is not ready; words for the operator, nothing an outsider could use. */
export type NotReadyReason = StartPhase | 'draining' | 'database_unavailable' | 'migrations_pending'

/** What a Node server does before it serves: opening its database, or applying migrations to it. */
export type StartPhase = 'starting' | 'migrating'

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

/** What a person who reaches a server still starting reads (a proxy sends nobody there: /readyz says 503). */
export const STARTING_MESSAGE = 'This site is starting. Try again in a few seconds.'

/**
 * What a Node server answers from the moment it listens until it serves: it listens before it opens
 * and migrates its database, so that an orchestrator or a proxy can tell a server that is starting
 * (`starting`, `migrating`) from one that is gone. `GET /healthz` 200 (the process answers),
 * `GET /readyz` 503 with the phase, anything else 503 with a Retry-After and a sentence for a person.
 */
export function startingRoutes(phase: () => StartPhase): Hono {
  const noStore = { 'Cache-Control': 'no-store' }
  return new Hono()
    .get(LIVENESS_PATH, (c) => c.json({ status: 'ok' }, 200, noStore))
    .get(READINESS_PATH, (c) => c.json({ status: 'unavailable', reason: phase() }, 503, noStore))
    .all('*', (c) => c.text(STARTING_MESSAGE, 503, { ...noStore, 'Retry-After': '5' }))
}
