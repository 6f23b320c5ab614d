import { Hono } from 'hono'
import { z } from 'zod'
import { readBookingSlug } from '#core/booking-tracking.ts'
import { VISIT_ID_PATTERN } from '#core/engagement.ts'
import { AppError } from '#core/errors.ts'
import { isValidSlug } from '#core/prospect.ts'
import { createHmac } from '../common/keyed-hash.ts'
import { limitBody } from '../common/limit-body.ts'
import { isSameSecret } from '../common/same-secret.ts'
import { callFunction, type Db } from '../data/database.ts'
import type { EventSettings } from './event-settings.ts'

/** `POST` here: Calendly's webhook subscription (`invitee.created`, `invitee.canceled`). */
export const SCHEDULER_WEBHOOK_PATH = '/api/webhooks/calendly'

/** A delivery older than this (by its signed time) is a replay: Calendly's own advice is 3 minutes. */
export const SIGNATURE_TOLERANCE_SECONDS = 180
/** A delivery is a few kilobytes; anything past this is not Calendly's. */
const MAX_BODY_BYTES = 64 * 1024
const MAX_NAME_CHARACTERS = 80

export interface SchedulerWebhookDeps {
  db: Db
  settings: Pick<
    EventSettings,
    'schedulerSigningKey' | 'nudgeDedupeMinutes' | 'getProspectLinkPrefix' | 'now'
  >
  onNudgeQueued?: (() => void) | undefined
}

/**
 * Whether `header` (`Calendly-Webhook-Signature: t=<seconds>,v1=<hex>`) signs `body` with `key`:
 * HMAC-SHA256 of `<t>.<body>`, and `t` within the tolerance of `now` either way.
 */
export async function isSignedByScheduler(
  header: string | undefined,
  body: string,
  key: string,
  now: Date,
): Promise<boolean> {
  const parts = new Map(
    (header ?? '').split(',').map((part) => {
      const at = part.indexOf('=')
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const
    }),
  )
  const stamp = parts.get('t') ?? ''
  const signature = parts.get('v1')
  if (!/^\d{1,12}$/.test(stamp) || !signature) return false
  if (Math.abs(now.getTime() / 1000 - Number(stamp)) > SIGNATURE_TOLERANCE_SECONDS) return false
  return isSameSecret(signature, await createHmac(key)(`${stamp}.${body}`))
}

const text = z.string().optional().catch(undefined)
const Delivery = z.object({
  event: z.string(),
  payload: z.object({
    uri: z.string().url().max(300),
    event: text,
    tracking: z
      .object({
        utm_source: z.unknown().optional(),
        utm_content: z.unknown().optional(),
        utm_term: z.unknown().optional(),
      })
      .nullable()
      .optional()
      .catch(null),
    scheduled_event: z
      .object({
        start_time: text,
        event_memberships: z
          .array(z.object({ user_name: text }).loose())
          .optional()
          .catch(undefined),
      })
      .loose()
      .optional()
      .catch(undefined),
  }),
})

/** 32 hex digits of the SHA-256 of `value`: a visit id of its own for a booking that named none. */
async function digest(value: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value)))
  return Array.from(bytes.slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** What is kept of a booking for the reps: the meeting's host and time, never the booker's details. */
function describeBooking(payload: z.output<typeof Delivery>['payload']): Record<string, string> {
  const detail: Record<string, string> = {}
  const start = payload.scheduled_event?.start_time
  if (start && !Number.isNaN(Date.parse(start))) detail.startAt = new Date(start).toISOString()
  // One plain line: a body with control characters never gets here (every API route refuses them).
  const host = payload.scheduled_event?.event_memberships?.[0]?.user_name?.trim()
  if (host) detail.rep = [...host].slice(0, MAX_NAME_CHARACTERS).join('')
  if (payload.event && URL.canParse(payload.event)) detail.eventUri = payload.event.slice(0, 300)
  return detail
}

/**
 * `POST /`: the scheduler says a meeting was booked or cancelled. Only a delivery its signing key
 * signed, within minutes, is read: anything else is 401 and stores nothing. A booking made through one
 * of our pages' links names its prospect (core/booking-tracking.ts) and makes them "Booked", with the
 * reps' nudge; its cancellation takes that back. A booking that names no prospect of ours is answered
 * 200 and kept nowhere (the scheduler would only retry it).
 */
export function schedulerWebhookRoutes(deps: SchedulerWebhookDeps): Hono {
  return new Hono().post('/', limitBody(MAX_BODY_BYTES), async (c) => {
    const key = deps.settings.schedulerSigningKey
    if (key === null) throw new AppError('webhook_not_configured')
    const body = await c.req.text()
    const now = deps.settings.now()
    if (!(await isSignedByScheduler(c.req.header('Calendly-Webhook-Signature'), body, key, now))) {
      throw new AppError('unauthorized')
    }
    let json: unknown
    try {
      json = JSON.parse(body)
    } catch {
      throw new AppError('bad_request')
    }
    const delivery = Delivery.safeParse(json)
    if (!delivery.success) throw new AppError('bad_request')
    const { event, payload } = delivery.data
    if (event !== 'invitee.created' && event !== 'invitee.canceled') return c.json({ stored: false })
    const slug = readBookingSlug(payload.tracking ?? null)
    const canceled = event === 'invitee.canceled'
    if (!canceled && (slug === null || !isValidSlug(slug))) return c.json({ stored: false })
    const visit = payload.tracking?.utm_term
    const prefix = deps.settings.getProspectLinkPrefix()
    const result = await callFunction(deps.db, 'record_scheduler_booking', {
      invitee: payload.uri,
      prospect_slug: slug ?? '',
      visit_id:
        typeof visit === 'string' && VISIT_ID_PATTERN.test(visit)
          ? visit
          : `scheduler-${await digest(payload.uri)}`,
      detail: describeBooking(payload),
      canceled,
      dedupe_minutes: deps.settings.nudgeDedupeMinutes,
      link: prefix === null || slug === null ? null : `${prefix}${slug}`,
      at: now.toISOString(),
    })
    if (result.nudged) deps.onNudgeQueued?.()
    return c.json({
      stored: result.status === 'recorded' || result.status === 'canceled',
      status: result.status,
    })
  })
}
