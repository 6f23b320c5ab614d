import { LOG_PREFIX } from '../lib/log-prefix.ts'
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

/**
 * What a call's error tells the visitor: the generic words. The platform's
 * own message ("Invalid API key", a bare "error") is for whoever runs the demo, never the visitor:
 * it goes to the console.
 */
export function describeCallError(error: unknown): string {
  console.error(`${LOG_PREFIX} the call failed:`, error)
  return CALL_TEXT.failedBody
}
