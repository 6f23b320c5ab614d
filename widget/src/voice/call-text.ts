import { START_ERROR_TEXT } from './start-error-text.ts'

/** The texts of the browser voice call; the start-failure ones are shared with the core. */
export const CALL_TEXT = {
  ...START_ERROR_TEXT,
  // Here, not in START_ERROR_TEXT: only the lazy call chunk says it (the core never sees a refusal).
  microphoneDenied: 'Microphone access denied. Please allow microphone permissions and try again.',
  connectedTitle: 'Voice Assistant Connected',
  connectedBody: 'You can now speak with your AI assistant',
  disconnectedTitle: 'Voice Assistant Disconnected',
  disconnectedBody: 'Voice conversation has ended',
  failedBody: 'Failed to connect to voice assistant',
  agentSpeaking: 'Agent speaking',
  listening: 'Listening',
  elapsed: 'Call time',
  captions: 'Captions',
  agent: 'Agent',
  visitor: 'You',
} as const

/**
 * What a failed start tells the visitor. The Vapi adapter already turns every microphone refusal into
 * an error named `NotAllowedError` (voice/start-errors.ts); anything else gets the generic text.
 */
export function describeStartFailure(error: unknown): string {
  const refused = (error as { name?: unknown } | null)?.name === 'NotAllowedError'
  return refused ? CALL_TEXT.microphoneDenied : CALL_TEXT.startFailed
}

/** The message of an error event, else the generic 'Failed to connect to voice assistant'. */
export function describeCallError(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === 'string' && message.trim() !== '' ? message : CALL_TEXT.failedBody
}
