import { CALL_TEXT } from './call-text.ts'

const REFUSAL_NAMES = new Set(['NotAllowedError', 'PermissionDeniedError', 'SecurityError'])
const REFUSAL_MESSAGE = /permission (denied|dismissed)|not allowed|denied permission/i

/**
 * Whether an error says the microphone was refused. The SDK re-wraps errors (a DOMException becomes
 * `{ type, error: { name, message } }`, Daily's camera error `{ error: { type: 'permissions' } }`),
 * so this looks a few levels down.
 */
export function isMicrophoneRefusal(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object' || depth > 4) return false
  const { name, type, message } = value as { name?: unknown; type?: unknown; message?: unknown }
  if (typeof name === 'string' && REFUSAL_NAMES.has(name)) return true
  if (type === 'permissions') return true
  if (typeof message === 'string' && REFUSAL_MESSAGE.test(message)) return true
  return Object.values(value).some((inner) => isMicrophoneRefusal(inner, depth + 1))
}

/**
 * The error a failed `start()` rejects with. Its message is safe to show; a refusal keeps the name
 * `NotAllowedError`, so callers that map on the name (the demo store) reach the same text.
 */
export function createStartError(causes: readonly unknown[]): Error {
  const refused = causes.some((cause) => isMicrophoneRefusal(cause))
  const error = new Error(refused ? CALL_TEXT.microphoneDenied : CALL_TEXT.startFailed, {
    cause: causes.length === 1 ? causes[0] : causes,
  })
  error.name = refused ? 'NotAllowedError' : 'VoiceStartError'
  return error
}
