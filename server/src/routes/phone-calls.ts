import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { AppError } from '../../../core/errors.ts'
import type { PhoneCallResponse } from '../../../core/phone-call.ts'
import type { ClientIpReader } from '../calls/client-ip.ts'
import { parsePhoneCallBody } from '../calls/phone-call-body.ts'
import { type PhoneCallDeps, placePhoneCall } from '../calls/place-phone-call.ts'

/** The body is about 150 bytes; anything past this is not a phone-call request. */
export const MAX_BODY_BYTES = 4 * 1024

/** `POST /`: the visitor asks to be phoned by the prospect's agent (issue 5). */
export function phoneCallRoutes(deps: PhoneCallDeps & { clientIp: ClientIpReader }): Hono {
  return new Hono().post(
    '/',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new AppError('payload_too_large')
      },
    }),
    async (c) => {
      if (!deps.phoneCalls?.vapi) throw new AppError('phone_not_configured')
      const body = parsePhoneCallBody(await c.req.text())
      const placed = await placePhoneCall(deps, body, deps.clientIp(c))
      if (placed.replayed) c.header('Idempotent-Replayed', 'true')
      return c.json(placed.response satisfies PhoneCallResponse)
    },
  )
}
