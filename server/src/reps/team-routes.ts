import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { AppError } from '#core/errors.ts'
import type {
  PasswordLinkAnswer,
  TeamChangeResponse,
  TeamHistoryResponse,
  TeamLinkResponse,
  TeamMember,
  TeamResponse,
} from '#core/rep-api.ts'
import { limitBody } from '../common/limit-body.ts'
import { readJsonBody } from '../common/read-json-body.ts'
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
 * command line prints them; nothing is emailed. The database enforces who may do what (an enabled
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
  const memberOf = async (id: string): Promise<TeamMember> => {
    const member = (await listTeam(deps.db)).find((one) => one.id === id)
    if (!member) throw new AppError('rep_not_found')
    return member
  }
  const idOf = (raw: string) => {
    if (!ID.test(raw)) throw new AppError('rep_not_found')
    return raw.toLowerCase()
  }

  return new Hono<RepEnv>()
    .use('/team', requireAdmin)
    .use('/team/*', requireAdmin)
    .get('/team', async (c) =>
      c.json({ members: await listTeam(deps.db), asOf: now().toISOString() } satisfies TeamResponse),
    )
    .post('/team', limitBody(MAX_BODY_BYTES), async (c) => {
      const body = readJsonBody(await c.req.text(), InviteBody)
      const email = body.email.trim().toLowerCase()
      if (!isRepEmail(email)) throw new AppError('email_invalid')
      const { link, answer } = newLink(c.req.url)
      const result = await inviteRep(deps.db, email, body.role, link, c.get('rep').id)
      if (result.status === 'forbidden') throw new AppError('forbidden', { message: NOT_ADMIN })
      if (result.status === 'exists') {
        throw new AppError('rep_exists', {
          message: `${email} is already on the team. To give them a new link, use Send a new link on their row.`,
        })
      }
      const response: TeamLinkResponse = {
        member: await memberOf(result.rep.id),
        link: answer,
        endedSessions: 0,
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
        default:
          return c.json({
            member: await memberOf(id),
            link: answer,
            endedSessions: result.ended_sessions,
          } satisfies TeamLinkResponse)
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
