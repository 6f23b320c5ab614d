import { fileURLToPath } from 'node:url'
import type { Hono } from 'hono'
import type { Db } from '../data/database.ts'
import { createServerSupabase } from '../data/supabase-client.ts'
import { createLocalSupabase } from '../rest/local-supabase.ts'
import {
  type EmbeddedDatabase,
  type OpenEmbeddedOptions,
  openEmbeddedDatabase,
} from './open-embedded-database.ts'

/** Where the embedded database lives when DATA_DIR is not set: `.data/` at the repository's root. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../.data', import.meta.url))

export type BackendTarget =
  | { kind: 'hosted'; url: string; serviceRoleKey: string }
  | { kind: 'embedded'; dataDir: string | null }

export interface BackendOptions {
  /** Replaces what opening the embedded database touches on disk (tests). */
  embedded?: OpenEmbeddedOptions
  /** Deadline of each database request; supabase-js's default when absent. */
  timeoutMs?: number
}

/** The database the server and the tools work on, behind the same supabase-js client either way. */
export interface Backend {
  supabase: Db
  /** The embedded database's `/rest/v1` layer, for the server to mount. */
  rest?: Hono
  /** The embedded database itself, when it is the one. */
  embedded?: EmbeddedDatabase
  /** Where the data lives, for people: the embedded data directory or the hosted project URL. */
  location: string
  /** Closes the embedded database and releases its directory (nothing to do for hosted). */
  close(): Promise<void>
}

/** Opens hosted Supabase or the embedded database (migrated, seeded when new, owner-only files). */
export async function openBackend(target: BackendTarget, options: BackendOptions = {}): Promise<Backend> {
  const timeout = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }
  if (target.kind === 'hosted') {
    return {
      supabase: createServerSupabase({ url: target.url, key: target.serviceRoleKey, ...timeout }),
      location: target.url,
      close: async () => {},
    }
  }
  const embedded = await openEmbeddedDatabase(target.dataDir ?? DEFAULT_DATA_DIR, options.embedded)
  try {
    const { rest, supabase } = await createLocalSupabase(embedded.db, embedded.secret, timeout)
    return { supabase, rest, embedded, location: embedded.dataDir, close: embedded.close }
  } catch (error) {
    await embedded.close()
    throw error
  }
}
