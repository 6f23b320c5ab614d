import { START_ERROR_TEXT } from '../voice/start-error-text.ts'

/** The texts of the browser voice call (SPEC §4, §8); the start-failure ones come from the adapter's. */
export const CALL_TEXT = {
  ...START_ERROR_TEXT,
  connectedTitle: 'Voice Assistant Connected',
  connectedBody: 'You can now speak with your AI assistant',
  disconnectedTitle: 'Voice Assistant Disconnected',
  disconnectedBody: 'Voice conversation has ended',
  failedTitle: 'Connection Failed',
  failedBody: 'Failed to connect to voice assistant',
} as const

/** A widget toast: at most one at a time, shown inside the shadow root. */
export interface WidgetToast {
  title: string
  description: string
  variant: 'default' | 'destructive'
}

/** SPEC §9: toasts stay 5000 ms unless dismissed. */
export const TOAST_DURATION_MS = 5000

/**
 * What a failed start tells the visitor. The Vapi adapter already turns every microphone refusal into
 * an error named `NotAllowedError` (voice/start-errors.ts); anything else, such as a chunk that failed
 * to load, gets the generic text.
 */
export function describeStartFailure(error: unknown): string {
  const refused = (error as { name?: unknown } | null)?.name === 'NotAllowedError'
  return refused ? CALL_TEXT.microphoneDenied : CALL_TEXT.startFailed
}

/** The message of an error event, else the generic one (SPEC §8 'Connection Failed'). */
export function describeCallError(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === 'string' && message.trim() !== '' ? message : CALL_TEXT.failedBody
}
