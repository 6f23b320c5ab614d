import { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { AppError } from '#core/errors.ts'
import type { PhoneCallResponse } from '#core/phone-call.ts'
import { REP_SESSION_COOKIE } from '#core/rep-api.ts'
import type { ClientIpReader } from '../common/client-ip.ts'
import { limitBody } from '../common/limit-body.ts'
import { parsePhoneCallBody } from './phone-call-body.ts'
import { type PhoneCallDeps, placePhoneCall } from './place-phone-call.ts'

/** The body is about 150 bytes; anything past this is not a phone-call request. */
export const MAX_BODY_BYTES = 4 * 1024

/**
 * `POST /`: the visitor asks to be phoned by the prospect's agent. From a signed-in rep's browser (it
 * carries the reps' session cookie: "Try this agent" on the reps' pages), the call is the team's test.
 */
export function phoneCallRoutes(deps: PhoneCallDeps & { clientIp: ClientIpReader }): Hono {
  return new Hono().post('/', limitBody(MAX_BODY_BYTES), async (c) => {
    if (!deps.phoneCalls?.vapi) throw new AppError('phone_not_configured')
    const body = parsePhoneCallBody(await c.req.text())
    const team = getCookie(c, REP_SESSION_COOKIE) !== undefined
    const placed = await placePhoneCall(deps, body, deps.clientIp(c), team)
    // Replayed failures too: the client must know this answer is the first request's.
    if (placed.replayed) c.header('Idempotent-Replayed', 'true')
    if ('error' in placed) throw placed.error
    return c.json(placed.response satisfies PhoneCallResponse)
  })
}
