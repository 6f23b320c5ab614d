import { type AgentSettings, toAssistantOverrides } from '#core/agent-settings.ts'
import { AppError } from '#core/errors.ts'
import type { VoiceConfig } from '#core/public-config.ts'
import {
  type Fetch,
  PlatformUnreachableError,
  postToPlatform,
  readPlatformText,
} from '../common/platform-request.ts'

export interface VapiPhoneSettings {
  apiUrl: string
  privateKey: string
  phoneNumberId: string
  /** The model the agent's prompt is sent with. */
  model: VoiceConfig['model']
  timeoutMs: number
  fetch?: Fetch
}

export interface OutboundCall {
  assistantId: string
  /** E.164. */
  number: string
  /** The prospect's agent, the same as its browser call's. */
  agent: AgentSettings
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
  let answer: Awaited<ReturnType<typeof postToPlatform>>
  try {
    answer = await postToPlatform({
      url: `${settings.apiUrl}/call`,
      headers: { Authorization: `Bearer ${settings.privateKey}`, 'Content-Type': 'application/json' },
      body: {
        assistantId: call.assistantId,
        phoneNumberId: settings.phoneNumberId,
        customer: { number: call.number },
        // The prospect's agent, as its browser call sends it. The create-call body has no metadata of
        // its own; the overrides do, and the end-of-call report carries them back.
        assistantOverrides: toAssistantOverrides(call.agent, settings.model),
      },
      timeoutMs: settings.timeoutMs,
      fetch: settings.fetch,
      label: 'Vapi POST /call',
      secret: settings.privateKey,
    })
  } catch (error) {
    const timedOut = error instanceof PlatformUnreachableError && error.timedOut
    throw new AppError(timedOut ? 'phone_call_timeout' : 'phone_call_failed', { cause: error })
  }
  const { ok: resOk, status, body } = answer
  const callId = (body as { id?: unknown } | null)?.id
  if (resOk && typeof callId === 'string' && callId !== '') return { callId }
  // The visitor reads the fixed words of phone_call_failed, whatever the platform said: its message
  // ("Invalid API key", "assistant not found") is the operator's, and goes to the server's log.
  throw new AppError('phone_call_failed', {
    cause: resOk
      ? new Error(`Vapi POST /call answered ${status} without a call id`)
      : new CallRefusedError(status, readPlatformMessage(body, settings.privateKey)),
  })
}

/** The platform answered the request with an error status: it placed no call. */
class CallRefusedError extends Error {
  override readonly name = 'CallRefusedError'
  constructor(status: number, platformMessage: string | undefined) {
    super(`Vapi POST /call answered ${status}${platformMessage ? `: ${platformMessage}` : ''}`)
  }
}

/**
 * True when `error` says for certain that no call was placed: the platform refused the request. A
 * timeout, a lost connection or a success without a call id may each have dialled.
 */
export const wasCallRefused = (error: unknown): boolean =>
  error instanceof AppError && error.cause instanceof CallRefusedError

const MAX_MESSAGE_LENGTH = 300

/**
 * The platform's own `message` (Vapi's `error` is only the status's name), for the server's log,
 * trimmed to a sentence's length; never anything containing the private key.
 */
function readPlatformMessage(body: unknown, privateKey: string): string | undefined {
  const message = readPlatformText(body, ['message'])
  if (!message || message.includes(privateKey)) return undefined
  return message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : message
}
