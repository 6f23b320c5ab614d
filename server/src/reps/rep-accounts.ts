import { type Rep, type RepRole, SET_PASSWORD_PAGE } from '#core/rep-api.ts'
import { callFunction, type Database, type Db } from '../data/database.ts'
import type { RepListRow } from '../data/rep-database.ts'
import { PASSWORD_LINK_SECONDS } from './rep-settings.ts'
import { createToken, hashToken } from './tokens.ts'

type Functions = Database['public']['Functions']

/**
 * The reps' accounts, sign-ins and sessions: one call of a SQL function each, on the embedded
 * database as on PostgreSQL. A database that refuses or cannot be reached is a DatabaseError, which
 * the app answers as `unavailable`.
 */

/** What sign-in needs of a rep: never sent to a browser. */
export type RepAccount = Rep & { password_hash: string | null; disabled_at: Date | null }

/** The rep with this (lower-cased) email, or null. */
export async function findRepAccount(db: Db, email: string): Promise<RepAccount | null> {
  const { rows } = await db.query<RepAccount>(
    'select id, email, role, password_hash, disabled_at from public.reps where email = $1',
    [email],
  )
  return rows[0] ?? null
}

export async function beginSignIn(db: Db, args: Functions['begin_rep_sign_in']['Args']) {
  return callFunction(db, 'begin_rep_sign_in', args)
}

/** The rep signed in (a session started), or null: the attempt is recorded as failed. */
export async function endSignIn(db: Db, args: Functions['end_rep_sign_in']['Args']): Promise<Rep | null> {
  return callFunction(db, 'end_rep_sign_in', args)
}

/** The rep of a live session (and marks it used), or null. */
export async function touchSession(db: Db, tokenHash: string, at: Date, idleSeconds: number) {
  return callFunction(db, 'touch_rep_session', {
    token_hash: tokenHash,
    at: at.toISOString(),
    idle_seconds: idleSeconds,
  })
}

export async function endSession(db: Db, tokenHash: string, at: Date): Promise<boolean> {
  const data = await callFunction(db, 'end_rep_session', {
    token_hash: tokenHash,
    at: at.toISOString(),
  })
  return data.ended
}

/** Uses a one-time link: the rep, now signed in with the new session; null for a dead link. */
export async function setPasswordByLink(db: Db, args: Functions['set_rep_password']['Args']) {
  return callFunction(db, 'set_rep_password', args)
}

export async function listReps(db: Db): Promise<RepListRow[]> {
  return callFunction(db, 'list_reps', {})
}

/** An address a rep's account may have: something@somewhere, at most 254 characters. */
export const isRepEmail = (email: string): boolean => email.length <= 254 && /^[^@\s]+@[^@\s]+$/.test(email)

/** A one-time link: its token's hash and when it stops working. */
export interface PasswordLink {
  tokenHash: string
  at: Date
  expiresAt: Date
}

/**
 * A new one-time link to `page` on `origin`, made at `at`: the token rides in the address's fragment,
 * so no server log ever holds it, and the database keeps only its hash (`link`). Setting a password by
 * default; the first admin's setup page too.
 */
export function createOneTimeLink(
  origin: string,
  at: Date,
  { page = SET_PASSWORD_PAGE, seconds = PASSWORD_LINK_SECONDS } = {},
): { link: PasswordLink; url: string } {
  const token = createToken()
  const link = { tokenHash: hashToken(token), at, expiresAt: new Date(at.getTime() + seconds * 1000) }
  return { link, url: `${origin}${page}#token=${token}` }
}

const linkArgs = (link: PasswordLink) => ({
  token_hash: link.tokenHash,
  at: link.at.toISOString(),
  expires_at: link.expiresAt.toISOString(),
})

export async function addRep(db: Db, email: string, role: RepRole, link: PasswordLink) {
  return callFunction(db, 'add_rep', { email, role, ...linkArgs(link) })
}

export async function resetRepPassword(db: Db, email: string, link: PasswordLink) {
  return callFunction(db, 'reset_rep_password', { email, ...linkArgs(link) })
}

export async function setRepDisabled(db: Db, email: string, disabled: boolean, at: Date) {
  return callFunction(db, 'set_rep_disabled', { email, disabled, at: at.toISOString() })
}
