import type { RepRole, TeamAuditEntry, TeamChange, TeamMember, TeamMemberStatus } from '#core/rep-api.ts'
import { callFunction, type Db } from '../data/database.ts'
import type { TeamRow } from '../data/team-database.ts'
import type { PasswordLink } from './rep-accounts.ts'

/**
 * The team page's data: one SQL function call each, the same functions `npm run reps` calls (through
 * add_rep, reset_rep_password and set_rep_disabled), so both keep the same trail and rules. `actorId`
 * is the admin making the change (the database checks that they still are one), null for the command line.
 */

/** A team member's history holds this many entries at most. */
export const TEAM_HISTORY_ROWS = 50

const linkArgs = (link: PasswordLink) => ({
  token_hash: link.tokenHash,
  at: link.at.toISOString(),
  expires_at: link.expiresAt.toISOString(),
})

export async function inviteRep(
  db: Db,
  email: string,
  role: RepRole,
  link: PasswordLink,
  actorId: string | null,
) {
  return callFunction(db, 'invite_rep', { email, role, ...linkArgs(link), actor_id: actorId })
}

/** A new link for the rep: a resend while they have no password, else a reset (password and sessions end). */
export async function sendPasswordLink(db: Db, repId: string, link: PasswordLink, actorId: string | null) {
  return callFunction(db, 'send_rep_password_link', { rep_id: repId, ...linkArgs(link), actor_id: actorId })
}

export async function updateRep(
  db: Db,
  repId: string,
  change: { [K in keyof TeamChange]?: TeamChange[K] | undefined },
  at: Date,
  actorId: string | null,
) {
  return callFunction(db, 'update_rep', {
    rep_id: repId,
    role: change.role ?? null,
    disabled: change.disabled ?? null,
    at: at.toISOString(),
    actor_id: actorId,
  })
}

export async function listTeam(db: Db): Promise<TeamMember[]> {
  return (await callFunction(db, 'list_team', {})).map(toTeamMember)
}

/** The rep's latest changes, newest first; null when no rep has this id. */
export async function listTeamHistory(db: Db, repId: string): Promise<TeamAuditEntry[] | null> {
  const rows = await callFunction(db, 'list_rep_history', { rep_id: repId, max_rows: TEAM_HISTORY_ROWS })
  return (
    rows?.map((row) => ({
      action: row.action,
      stamp: { at: new Date(row.at).toISOString(), rep: row.actor },
      role: row.role,
      endedSessions: row.ended_sessions,
    })) ?? null
  )
}

function toTeamMember(row: TeamRow): TeamMember {
  const status: TeamMemberStatus = row.disabled
    ? 'disabled'
    : row.password_set
      ? 'active'
      : // Without a password now, but signed in once: their password was reset.
        row.last_signed_in_at !== null
        ? 'reset'
        : 'invited'
  const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString())
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status,
    linkExpiresAt: status === 'invited' || status === 'reset' ? iso(row.link_expires_at) : null,
    lastSignedInAt: iso(row.last_signed_in_at),
    createdAt: new Date(row.created_at).toISOString(),
  }
}
