import type { PostgrestError } from '@supabase/supabase-js'
import { AppError } from '#core/errors.ts'
import type { Rep, RepRole } from '#core/rep-api.ts'
import type { Database, Db } from './database.ts'
import type { RepListRow } from './rep-database.ts'

type Functions = Database['public']['Functions']

/**
 * The reps' accounts, sign-ins and sessions: one call of a SQL function each
 * (20261201000100_rep_sessions.sql), on hosted Supabase as on the embedded database. A database that
 * refuses or cannot be reached is AppError `unavailable`, its answer as the cause.
 */
const fail = (what: string, error: PostgrestError) =>
  new AppError('unavailable', { cause: new Error(`${what}: ${error.message}`, { cause: error }) })

/** What sign-in needs of a rep: never sent to a browser. */
export type RepAccount = Rep & { password_hash: string | null; disabled_at: string | null }

/** The rep with this (lower-cased) email, or null. */
export async function findRepAccount(supabase: Db, email: string): Promise<RepAccount | null> {
  const { data, error } = await supabase
    .from('reps')
    .select('id,email,role,password_hash,disabled_at')
    .eq('email', email)
    .maybeSingle()
  if (error) throw fail('Could not read the rep', error)
  return data
}

export async function beginSignIn(supabase: Db, args: Functions['begin_rep_sign_in']['Args']) {
  const { data, error } = await supabase.rpc('begin_rep_sign_in', args)
  if (error) throw fail('Could not check the sign-in limits', error)
  return data
}

/** The rep signed in (a session started), or null: the attempt is recorded as failed. */
export async function endSignIn(
  supabase: Db,
  args: Functions['end_rep_sign_in']['Args'],
): Promise<Rep | null> {
  const { data, error } = await supabase.rpc('end_rep_sign_in', args)
  if (error) throw fail('Could not finish the sign-in', error)
  return data
}

/** The rep of a live session (and marks it used), or null. */
export async function touchSession(supabase: Db, tokenHash: string, at: Date, idleSeconds: number) {
  const { data, error } = await supabase.rpc('touch_rep_session', {
    token_hash: tokenHash,
    at: at.toISOString(),
    idle_seconds: idleSeconds,
  })
  if (error) throw fail('Could not read the session', error)
  return data
}

export async function endSession(supabase: Db, tokenHash: string, at: Date): Promise<boolean> {
  const { data, error } = await supabase.rpc('end_rep_session', {
    token_hash: tokenHash,
    at: at.toISOString(),
  })
  if (error) throw fail('Could not end the session', error)
  return data.ended
}

/** Uses a one-time link: the rep, now signed in with the new session; null for a dead link. */
export async function setPasswordByLink(supabase: Db, args: Functions['set_rep_password']['Args']) {
  const { data, error } = await supabase.rpc('set_rep_password', args)
  if (error) throw fail('Could not set the password', error)
  return data
}

export async function listReps(supabase: Db): Promise<RepListRow[]> {
  const { data, error } = await supabase.rpc('list_reps')
  if (error) throw fail('Could not list the reps', error)
  return data
}

/** A one-time link: its token's hash and when it stops working. */
export interface PasswordLink {
  tokenHash: string
  at: Date
  expiresAt: Date
}

const linkArgs = (link: PasswordLink) => ({
  token_hash: link.tokenHash,
  at: link.at.toISOString(),
  expires_at: link.expiresAt.toISOString(),
})

export async function addRep(supabase: Db, email: string, role: RepRole, link: PasswordLink) {
  const { data, error } = await supabase.rpc('add_rep', { email, role, ...linkArgs(link) })
  if (error) throw fail('Could not add the rep', error)
  return data
}

export async function resetRepPassword(supabase: Db, email: string, link: PasswordLink) {
  const { data, error } = await supabase.rpc('reset_rep_password', { email, ...linkArgs(link) })
  if (error) throw fail('Could not reset the password', error)
  return data
}

export async function setRepDisabled(supabase: Db, email: string, disabled: boolean, at: Date) {
  const { data, error } = await supabase.rpc('set_rep_disabled', { email, disabled, at: at.toISOString() })
  if (error) throw fail(`Could not ${disabled ? 'disable' : 'enable'} the rep`, error)
  return data
}
