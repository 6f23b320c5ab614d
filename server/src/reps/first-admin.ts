import { SETUP_PAGE } from '#core/rep-api.ts'
import { callFunction, type Database, type Db } from '../data/database.ts'
import { createOneTimeLink } from './rep-accounts.ts'

/** A setup link works this long at most, and only until an enabled admin exists. */
export const SETUP_LINK_SECONDS = 24 * 60 * 60

/**
 * As a server starts: while no enabled admin exists, a new setup link on `origin` (the token in its
 * fragment, so no server log ever holds it; the database keeps its SHA-256), else null. A new install
 * thus gets its first admin from the console, without stopping the server for the command line.
 */
export async function openFirstAdminSetup(db: Db, origin: string, at = new Date()): Promise<string | null> {
  const { link, url } = createOneTimeLink(origin, at, { page: SETUP_PAGE, seconds: SETUP_LINK_SECONDS })
  const open = await callFunction(db, 'open_first_admin_setup', {
    token_hash: link.tokenHash,
    at: at.toISOString(),
    expires_at: link.expiresAt.toISOString(),
  })
  return open ? url : null
}

/**
 * Whether a setup link's token could make the first admin now: `open`, or why not. Read before the
 * password is hashed, since scrypt is the costly part and a spent or made-up link needs none; the
 * setup itself decides again, atomically.
 */
export async function readSetupState(
  db: Db,
  tokenHash: string,
  at: Date,
): Promise<'open' | 'admin_exists' | 'link_expired'> {
  const { rows } = await db.query<{ admin: boolean; link: boolean }>(
    `select exists (select 1 from public.reps where role = 'admin' and disabled_at is null) as admin,
            exists (select 1 from public.first_admin_tokens where token_hash = $1 and expires_at > $2) as link`,
    [tokenHash, at.toISOString()],
  )
  const state = rows[0]
  if (state?.admin) return 'admin_exists'
  return state?.link ? 'open' : 'link_expired'
}

/** Uses a setup link: the admin, signed in with the new session, or why nothing changed. */
export function createFirstAdmin(
  db: Db,
  args: Database['public']['Functions']['create_first_admin']['Args'],
) {
  return callFunction(db, 'create_first_admin', args)
}
