import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { AppError } from '#core/errors.ts'
import type {
  PasswordLinkAnswer,
  TeamChangeResponse,
  TeamHistoryResponse,
  TeamLinkMail,
  TeamLinkResponse,
  TeamMember,
  TeamResponse,
} from '#core/rep-api.ts'
import { limitBody } from '../common/limit-body.ts'
import { readJsonBody } from '../common/read-json-body.ts'
import { listTeamMail, type MailToQueue, type TeamMailRow } from '../mail/mail-outbox.ts'
import { invitationWords, newLinkWords } from '../mail/mail-words.ts'
import { createOneTimeLink, isRepEmail } from './rep-accounts.ts'
import type { RepEnv } from './rep-guards.ts'
import type { RepApiDeps } from './rep-settings.ts'
import { inviteRep, listTeam, listTeamHistory, sendPasswordLink, updateRep } from './team-store.ts'

const MAX_BODY_BYTES = 8 * 1024
/** The command line's rule, and the table's: one @, no spaces, at most 254 characters. */
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const Role = z.enum(['admin', 'rep'])
const InviteBody = z.object({ email: z.string().max(1000), role: Role })
const ChangeBody = z
  .object({ role: Role.optional(), disabled: z.boolean().optional() })
  .refine((change) => change.role !== undefined || change.disabled !== undefined, { path: ['role'] })

const SELF_CHANGE = 'You cannot disable yourself or remove your own admin role. Another admin can.'
const SELF_RESET = 'You cannot reset your own password here. Another admin can.'
const NOT_ADMIN = 'Only an admin can manage the team.'

/** The team page's routes are for admins only: anyone else is refused, whatever they ask. */
const requireAdmin: MiddlewareHandler<RepEnv> = async (c, next) => {
  if (c.get('rep').role !== 'admin') throw new AppError('forbidden', { message: NOT_ADMIN })
  await next()
}

/**
 * `team…` (core/rep-api.ts): admins invite reps, send new links, change roles, disable and enable,
 * and read each account's trail. Links are on `SITE_URL`, else on the request's own origin, as the
 * command line prints them. With mail on (`SMTP_URL`), each link is also emailed to the person through
 * the mail outbox, and the team's answer says how each person's latest link mail went, so an address
 * that bounces shows on the page in the mail server's words; the admin can still copy the link. The database enforces who may do what (an enabled
 * admin, never to themselves, never leaving no enabled admin), so two changes at once cannot both
 * slip past a rule.
 */
export function teamRoutes(deps: RepApiDeps): Hono<RepEnv> {
  const now = deps.settings.now ?? (() => new Date())
  const newLink = (requestUrl: string) => {
    const { link, url } = createOneTimeLink(deps.settings.siteUrl ?? new URL(requestUrl).origin, now())
    const answer: PasswordLinkAnswer = {
      url,
      createdAt: link.at.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
    }
    return { link, answer }
  }
  const mail = deps.settings.mail
  const mailOn = () => mail?.isOn() === true
  /** Everyone, each with their latest link mail while mail is on. */
  const listMembers = async (): Promise<TeamMember[]> => {
    const members = await listTeam(deps.db)
    if (!mailOn()) return members
    const mails = new Map((await listTeamMail(deps.db)).map((row) => [row.rep_id, toLinkMail(row)]))
    return members.map((member) => ({ ...member, linkMail: mails.get(member.id) ?? null }))
  }
  const memberOf = async (id: string): Promise<TeamMember> => {
    const member = (await listMembers()).find((one) => one.id === id)
    if (!member) throw new AppError('rep_not_found')
    return member
  }
  /**
   * Queues the link's message; null when mail is off. A queue that fails (the database, a moment)
   * leaves the link made: the admin reads that nothing was emailed and passes it on by hand.
   */
  const emailLink = async (message: MailToQueue): Promise<string | null> => {
    if (!mail || !mailOn()) return null
    try {
      await mail.queue(message, now())
      return message.to
    } catch (error) {
      deps.logger.error('[mail] a link could not be queued for mail:', error)
      return null
    }
  }
  const idOf = (raw: string) => {
    if (!ID.test(raw)) throw new AppError('rep_not_found')
    return raw.toLowerCase()
  }

  return new Hono<RepEnv>()
    .use('/team', requireAdmin)
    .use('/team/*', requireAdmin)
    .get('/team', async (c) =>
      c.json({
        members: await listMembers(),
        asOf: now().toISOString(),
        mail: mailOn(),
      } satisfies TeamResponse),
    )
    .post('/team', limitBody(MAX_BODY_BYTES), async (c) => {
      const body = readJsonBody(await c.req.text(), InviteBody)
      const email = body.email.trim().toLowerCase()
      if (!isRepEmail(email)) throw new AppError('email_invalid')
      const { link, answer } = newLink(c.req.url)
      const result = await inviteRep(deps.db, email, body.role, link, c.get('rep').id)
      if (result.status === 'forbidden') throw new AppError('forbidden', { message: NOT_ADMIN })
      if (result.status === 'exists') {
        const member = (await listMembers()).find((one) => one.id === result.rep.id)
        throw new AppError('rep_exists', { message: alreadyOnTheTeam(email, member?.status) })
      }
      const emailedTo = await emailLink({
        kind: 'invitation',
        repId: result.rep.id,
        to: email,
        ...invitationWords({
          productName: mail?.productName ?? '',
          invitedBy: c.get('rep').email,
          url: answer.url,
          expiresAt: link.expiresAt,
        }),
      })
      const response: TeamLinkResponse = {
        member: await memberOf(result.rep.id),
        link: answer,
        endedSessions: 0,
        emailedTo,
      }
      return c.json(response, 201)
    })
    .post('/team/:id/link', async (c) => {
      const id = idOf(c.req.param('id'))
      const { link, answer } = newLink(c.req.url)
      const result = await sendPasswordLink(deps.db, id, link, c.get('rep').id)
      switch (result.status) {
        case 'forbidden':
          throw new AppError('forbidden', { message: NOT_ADMIN })
        case 'not_found':
          throw new AppError('rep_not_found')
        case 'self':
          throw new AppError('forbidden', { message: SELF_RESET })
        default: {
          const emailedTo = await emailLink({
            kind: 'new_link',
            repId: id,
            to: result.rep.email,
            ...newLinkWords({
              productName: mail?.productName ?? '',
              sentBy: c.get('rep').email,
              url: answer.url,
              expiresAt: link.expiresAt,
              reset: result.action === 'password_reset',
            }),
          })
          return c.json({
            member: await memberOf(id),
            link: answer,
            endedSessions: result.ended_sessions,
            emailedTo,
          } satisfies TeamLinkResponse)
        }
      }
    })
    .patch('/team/:id', limitBody(MAX_BODY_BYTES), async (c) => {
      const id = idOf(c.req.param('id'))
      const change = readJsonBody(await c.req.text(), ChangeBody)
      const result = await updateRep(deps.db, id, change, now(), c.get('rep').id)
      switch (result.status) {
        case 'forbidden':
          throw new AppError('forbidden', { message: NOT_ADMIN })
        case 'not_found':
          throw new AppError('rep_not_found')
        case 'self':
          throw new AppError('forbidden', { message: SELF_CHANGE })
        case 'last_admin':
          throw new AppError('last_admin')
        default:
          return c.json({
            member: await memberOf(id),
            endedSessions: result.ended_sessions,
          } satisfies TeamChangeResponse)
      }
    })
    .get('/team/:id/history', async (c) => {
      const history = await listTeamHistory(deps.db, idOf(c.req.param('id')))
      if (history === null) throw new AppError('rep_not_found')
      return c.json({ history } satisfies TeamHistoryResponse)
    })
}

function toLinkMail(row: TeamMailRow): TeamLinkMail {
  return {
    to: row.to,
    state: row.sent_at !== null ? 'sent' : row.failed_at !== null ? 'failed' : 'sending',
    error: row.sent_at !== null ? null : row.last_error,
    queuedAt: new Date(row.queued_at).toISOString(),
  }
}

/**
 * Why an invitation was refused, and where on the Team page the button that helps is: each person's
 * actions sit inside Manage on their row under People, and which one helps depends on their account.
 */
export function alreadyOnTheTeam(email: string, status: TeamMember['status'] | undefined): string {
  const where = 'open Manage on their row under People'
  switch (status) {
    case 'active':
      return `${email} is already on the team and has a password. If they lost it, ${where} and choose Reset password.`
    case 'disabled':
      return `${email} is already on the team, disabled. To let them sign in again, ${where} and choose Enable.`
    default:
      return `${email} is already on the team. To give them a new link, ${where} and choose Send a new link.`
  }
}
