import type { RepRole, TeamAuditEntry, TeamLinkMail, TeamMember } from '#core/rep-api.ts'
import { formatCount, formatDateTime, formatWho } from '../ui/format.ts'

/** The team's facts in plain words: what the page shows, never the API's values. */

export const ROLE_WORDS: Record<RepRole, string> = { admin: 'Admin', rep: 'Rep' }

const STATUS_WORDS: Record<TeamMember['status'], string> = {
  invited: 'Invited — link not used yet',
  reset: 'Password reset — new link not used yet',
  active: 'Active',
  disabled: 'Disabled',
}

/** "Invited — link not used yet", and while a link is out, until when it works or that it expired. */
export function describeStatus(member: TeamMember, now: Date): { label: string; link: string | null } {
  const label = STATUS_WORDS[member.status]
  if (member.linkExpiresAt === null) return { label, link: null }
  const expired = new Date(member.linkExpiresAt).getTime() <= now.getTime()
  return {
    label,
    link: expired ? 'Link expired' : `Link works until ${formatDateTime(member.linkExpiresAt)}`,
  }
}

/** How long a new link works, as its answer says: "24 hours", "3 days". */
export function describeValidity(createdAt: string, expiresAt: string): string {
  const hours = Math.round((new Date(expiresAt).getTime() - new Date(createdAt).getTime()) / 3_600_000)
  if (hours < 48) return hours === 1 ? '1 hour' : `${hours} hours`
  return `${Math.round(hours / 24)} days`
}

export const describeSessions = (count: number): string =>
  `${formatCount(count)} ${count === 1 ? 'session' : 'sessions'}`

const asRole = (role: RepRole | null) => (role === 'admin' ? 'an admin' : 'a rep')

/** One line of a person's history: what happened, and who did it (an admin, or the command line). */
export function describeChange(entry: TeamAuditEntry): string {
  const by = `by ${formatWho(entry.stamp)}`
  const ended = entry.endedSessions > 0 ? `; ${describeSessions(entry.endedSessions)} ended` : ''
  switch (entry.action) {
    case 'invited':
      return `Invited as ${asRole(entry.role)} ${by}`
    case 'set_up':
      return 'Set up the team as its first admin, and signed in'
    case 'link_resent':
      return `Sent a new link ${by}`
    case 'password_reset':
      return `Password reset ${by}${ended}`
    case 'password_set':
      return 'Set their password with their link'
    case 'disabled':
      return `Disabled ${by}${ended}`
    case 'enabled':
      return `Enabled ${by}`
    case 'role_changed':
      return `Made ${asRole(entry.role)} ${by}`
  }
}

/**
 * How a link's email went, for the admin: on its way, taken by the mail server, or not delivered with
 * the mail server's own words (a bounce at the address, most often a typo), so they know to check the
 * address or copy the link and send it themselves.
 */
export function describeLinkMail(mail: TeamLinkMail): string {
  switch (mail.state) {
    case 'sending':
      return mail.error === null
        ? `Emailing the link to ${mail.to}…`
        : `Emailing the link to ${mail.to}: the mail server asked us to try again later (${mail.error}).`
    case 'sent':
      return `We emailed the link to ${mail.to}.`
    case 'failed':
      return `The email to ${mail.to} could not be delivered${mail.error ? `: ${mail.error}` : ''}`
  }
}
