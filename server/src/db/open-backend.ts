import { fileURLToPath } from 'node:url'
import type { Db } from '../data/database.ts'
import { explainRefusal } from './database-rights.ts'
import type { EmbeddedDatabase, OpenEmbeddedOptions } from './open-embedded-database.ts'
import { openPostgres } from './postgres-database.ts'
import { type MigrationProgress, prepareDatabase } from './prepare-database.ts'

/** Where the embedded database lives when DATA_DIR is not set: `.data/` at the repository's root. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../.data', import.meta.url))

export type BackendTarget =
  /** `migrate`: apply the pending migrations before serving (never the examples: they are asked for). */
  { kind: 'postgres'; url: string; migrate: boolean } | { kind: 'embedded'; dataDir: string | null }

export interface BackendOptions {
  /** Replaces what opening the embedded database touches on disk (tests). */
  embedded?: OpenEmbeddedOptions
  /** Told when migrations are pending and once they are applied, on either database. */
  progress?: MigrationProgress
}

/** The database the server and the tools work on, behind the same port either way. */
export interface Backend {
  db: Db
  /** The embedded database itself, when it is the one. */
  embedded?: EmbeddedDatabase
  /** Where the data lives, for people: the embedded data directory, or the server without its password. */
  location: string
  /** Closes the database (and releases the embedded one's directory). */
  close(): Promise<void>
}

/**
 * Opens PostgreSQL at `url` (migrated first, unless that is turned off) or the embedded database
 * (migrated, seeded with the examples when new, owner-only files).
 */
export async function openBackend(target: BackendTarget, options: BackendOptions = {}): Promise<Backend> {
  if (target.kind === 'postgres') {
    if (target.migrate)
      await migratePostgres(target.url, options.progress ? { progress: options.progress } : {})
    const db = openPostgres(target.url)
    return { db, location: describePostgres(target.url), close: () => db.close() }
  }
  // Loaded only here: the embedded database's engine is about 45 MB resident once imported, which a
  // server on PostgreSQL never needs.
  const { openEmbeddedDatabase } = await import('./open-embedded-database.ts')
  const embedded = await openEmbeddedDatabase(target.dataDir ?? DEFAULT_DATA_DIR, {
    ...options.embedded,
    ...(options.progress ? { progress: options.progress } : {}),
  })
  return { db: embedded.db, embedded, location: embedded.dataDir, close: embedded.close }
}

/**
 * Applies the pending migrations on one connection of its own, under a lock held for the whole run,
 * so servers starting together on one database migrate it once: the others wait, then find nothing
 * left to do.
 */
export async function migratePostgres(
  url: string,
  { seed = false, progress }: { seed?: boolean; progress?: MigrationProgress } = {},
): Promise<string[]> {
  const db = openPostgres(url, { max: 1 })
  try {
    await db.query('select pg_advisory_lock(hashtext($1))', ['callpilot migrations'])
    return (await prepareDatabase(db, { seed: seed ? 'always' : 'never', ...(progress ? { progress } : {}) }))
      .migrated
  } catch (error) {
    // A role without the rights to migrate (docs/security.md, "PostgreSQL roles") gets one line
    // saying what it lacks and the SQL an administrator runs, not PostgreSQL's bare refusal.
    throw await explainRefusal(db, describePostgres(url), error)
  } finally {
    await db.close()
  }
}

/** The server and database a URL names, for a person: never its password. */
export function describePostgres(url: string): string {
  const parsed = new URL(url)
  return `PostgreSQL ${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`
}
