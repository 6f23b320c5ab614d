import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import { PHONE_CALL_PATH, type PhoneCallRequest, type PhoneCallResponse } from '#core/phone-call.ts'
import { fetchApi } from '../lib/fetch-api.ts'

/**
 * Asks our server to have the prospect's agent phone the visitor (`POST /api/calls/phone`); the
 * platform's private key never leaves the server. Rejects with a RequestFailure whose message can be shown.
 */
export async function requestPhoneCall(
  request: PhoneCallRequest,
  apiBase: string,
): Promise<PhoneCallResponse> {
  const body = (await fetchApi(PHONE_CALL_PATH.slice(1), apiBase, {
    method: 'POST',
    body: JSON.stringify(request),
  })) as Partial<PhoneCallResponse> | null
  if (typeof body?.number !== 'string' || typeof body.callId !== 'string') {
    throw new RequestFailure('unavailable', UNAVAILABLE_MESSAGE, 0, {
      cause: new Error('bad phone call answer'),
    })
  }
  return { callId: body.callId, number: body.number }
}
