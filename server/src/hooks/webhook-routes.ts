import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { AppError } from '#core/errors.ts'
import {
  type OutgoingWebhookCreated,
  type OutgoingWebhookListResponse,
  type Rep,
  WEBHOOK_EVENTS,
  type WebhookDeliveryLogResponse,
} from '#core/rep-api.ts'
import { limitBody } from '../common/limit-body.ts'
import { readJsonBody } from '../common/read-json-body.ts'
import type { Db } from '../data/database.ts'
import { parseWebhookUrl, resolveWebhookAddresses, WebhookAddressError } from './webhook-address.ts'
import { DELIVERY_LOG_ROWS, MAX_ATTEMPTS, type WebhookSettings } from './webhook-settings.ts'
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  newWebhookSecret,
  queueWebhookTest,
  resendDelivery,
  setWebhookEnabled,
} from './webhook-store.ts'

/** What the reps' API puts on each signed-in request (its session guard): the rep asking. */
export type WebhookEnv = { Variables: { rep: Rep } }

const MAX_BODY_BYTES = 8 * 1024
/** A team's webhooks: enough for a CRM, an automation tool and a few tries; each fact posts to every one. */
const MAX_WEBHOOKS = 20
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const DELIVERY = /^[1-9]\d{0,15}$/

const NewBody = z.object({
  url: z.string().max(2000),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length),
})
const ChangeBody = z.object({ enabled: z.boolean() })

const NOT_ADMIN = 'Only an admin can manage webhooks.'
const UNKNOWN = 'That webhook does not exist: it may have been deleted.'

/** Webhooks post the team's prospects to other systems: only admins add, change or read them. */
const requireAdmin: MiddlewareHandler<WebhookEnv> = async (c, next) => {
  if (c.get('rep').role !== 'admin') throw new AppError('forbidden', { message: NOT_ADMIN })
  await next()
}

/**
 * `/webhooks…` under the reps' API, behind its session and CSRF guards (the app mounts it there):
 * an admin lists, adds (the signing secret answered once), turns on and off and deletes the team's
 * outgoing webhooks, reads each one's delivery log, sends a test and sends a delivery again. An
 * address is checked when it is saved, as each delivery checks it again: https, on the internet
 * after DNS, never a private network.
 */
export function webhookRoutes(db: Db, settings: WebhookSettings): Hono<WebhookEnv> {
  const idOf = (raw: string) => {
    if (!ID.test(raw)) throw new AppError('not_found', { message: UNKNOWN })
    return raw.toLowerCase()
  }
  const queued = () => settings.onQueued?.()
  return new Hono<WebhookEnv>()
    .use('*', requireAdmin)
    .get('/', async (c) => c.json({ webhooks: await listWebhooks(db) } satisfies OutgoingWebhookListResponse))
    .post('/', limitBody(MAX_BODY_BYTES), async (c) => {
      const body = readJsonBody(await c.req.text(), NewBody)
      let url: URL
      try {
        url = parseWebhookUrl(body.url, settings.rule)
        await resolveWebhookAddresses(url, settings.rule)
      } catch (error) {
        if (error instanceof WebhookAddressError)
          throw new AppError('bad_request', { message: `${error.message}.` })
        throw error
      }
      if ((await listWebhooks(db)).length >= MAX_WEBHOOKS) {
        throw new AppError('bad_request', {
          message: `A team can have ${MAX_WEBHOOKS} webhooks: delete one you no longer use first.`,
        })
      }
      const secret = newWebhookSecret()
      const events = WEBHOOK_EVENTS.filter((event) => body.events.includes(event))
      const webhook = await createWebhook(
        db,
        { url: url.href, events, secret, repId: c.get('rep').id },
        settings.now(),
      )
      return c.json({ webhook, secret } satisfies OutgoingWebhookCreated, 201)
    })
    .patch('/:id', limitBody(MAX_BODY_BYTES), async (c) => {
      const body = readJsonBody(await c.req.text(), ChangeBody)
      const webhook = await setWebhookEnabled(db, idOf(c.req.param('id')), body.enabled, settings.now())
      if (!webhook) throw new AppError('not_found', { message: UNKNOWN })
      return c.json({ webhook })
    })
    .delete('/:id', async (c) => {
      if (!(await deleteWebhook(db, idOf(c.req.param('id')))))
        throw new AppError('not_found', { message: UNKNOWN })
      return c.body(null, 204)
    })
    .get('/:id/deliveries', async (c) => {
      const id = idOf(c.req.param('id'))
      if (!(await listWebhooks(db)).some((webhook) => webhook.id === id)) {
        throw new AppError('not_found', { message: UNKNOWN })
      }
      return c.json({
        deliveries: await listDeliveries(db, id, DELIVERY_LOG_ROWS),
        maxAttempts: MAX_ATTEMPTS,
      } satisfies WebhookDeliveryLogResponse)
    })
    .post('/:id/test', async (c) => {
      const id = await queueWebhookTest(db, idOf(c.req.param('id')), settings.now())
      if (id === null) throw new AppError('not_found', { message: UNKNOWN })
      queued()
      return c.json({ id }, 202)
    })
    .post('/:id/deliveries/:delivery/resend', async (c) => {
      const raw = c.req.param('delivery')
      if (!DELIVERY.test(raw))
        throw new AppError('not_found', { message: 'That delivery is not in the log.' })
      const id = await resendDelivery(db, idOf(c.req.param('id')), Number(raw), settings.now())
      if (id === null) {
        throw new AppError('bad_request', {
          message: 'Only a delivery that arrived or was given up can be sent again.',
        })
      }
      queued()
      return c.json({ id }, 202)
    })
}
