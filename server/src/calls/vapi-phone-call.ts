import { AppError } from '#core/errors.ts'

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

export interface VapiPhoneSettings {
  apiUrl: string
  privateKey: string
  phoneNumberId: string
  timeoutMs: number
  fetch?: Fetch
}

export interface OutboundCall {
  assistantId: string
  /** E.164. */
  number: string
}

/** What the visitor reads for the platform's answers that have a fixed text. */
const STATUS_MESSAGES: Record<number, string> = {
  401: 'Invalid API key...',
  400: 'Invalid phone number or assistant ID. Please check your input.',
  403: 'Phone calls not enabled for your account. Please contact support.',
}

/**
 * Asks Vapi to phone the visitor: `POST {apiUrl}/call` with the private key. Exactly one attempt:
 * a retried POST could dial twice, so a network error or a timeout is reported, never retried.
 * Every failure becomes an AppError whose message is safe to show; the platform's body
 * goes no further than its `message`, and the server log gets the status.
 */
export async function createVapiPhoneCall(
  settings: VapiPhoneSettings,
  call: OutboundCall,
): Promise<{ callId: string }> {
  const fetch = settings.fetch ?? globalThis.fetch
  let res: Response
  let body: unknown
  try {
    res = await fetch(`${settings.apiUrl}/call`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${settings.privateKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        assistantId: call.assistantId,
        phoneNumberId: settings.phoneNumberId,
        customer: { number: call.number },
      }),
      // Covers the body too: a platform that sends headers and then stalls is a timeout as well.
      signal: AbortSignal.timeout(settings.timeoutMs),
    })
    body = await res.json().catch(() => null)
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new AppError('phone_call_timeout', {
        cause: new Error(`Vapi POST /call: no answer within ${settings.timeoutMs} ms`),
      })
    }
    throw new AppError('phone_call_failed', { cause: error })
  }
  const callId = (body as { id?: unknown } | null)?.id
  if (res.ok && typeof callId === 'string' && callId !== '') return { callId }
  const message = res.ok
    ? undefined
    : (STATUS_MESSAGES[res.status] ?? readPlatformMessage(body, settings.privateKey))
  throw new AppError('phone_call_failed', {
    ...(message ? { message } : {}),
    cause: new Error(`Vapi POST /call answered ${res.status}${res.ok ? ' without a call id' : ''}`),
  })
}

const MAX_MESSAGE_LENGTH = 300

/**
 * The platform's own `message` (a string, or the first of an array, as its validation errors come),
 * trimmed to a sentence's length; never anything containing the private key.
 */
function readPlatformMessage(body: unknown, privateKey: string): string | undefined {
  const raw = (body as { message?: unknown } | null)?.message
  const first: unknown = Array.isArray(raw) ? raw[0] : raw
  if (typeof first !== 'string') return undefined
  const message = first.trim()
  if (message === '' || message.includes(privateKey)) return undefined
  return message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : message
}
