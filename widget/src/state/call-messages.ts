/** The texts of the browser voice call (SPEC §4, §8), in one place. */
export const CALL_TEXT = {
  connectedTitle: 'Voice Assistant Connected',
  connectedBody: 'You can now speak with your AI assistant',
  disconnectedTitle: 'Voice Assistant Disconnected',
  disconnectedBody: 'Voice conversation has ended',
  failedTitle: 'Connection Failed',
  failedBody: 'Failed to connect to voice assistant',
  microphoneDenied: 'Microphone access denied. Please allow microphone permissions and try again.',
  startFailed: 'Failed to start voice assistant. Please try again.',
} as const

/** A widget toast: at most one at a time, shown inside the shadow root. */
export interface WidgetToast {
  title: string
  description: string
  variant: 'default' | 'destructive'
}

/** SPEC §9: toasts stay 5000 ms unless dismissed. */
export const TOAST_DURATION_MS = 5000

/** What a failed start tells the visitor: the microphone refusal is named, anything else is generic. */
export function describeStartFailure(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name
  const message = String((error as { message?: unknown } | null)?.message ?? '')
  const refused =
    name === 'NotAllowedError' ||
    name === 'PermissionDeniedError' ||
    /permission (denied|dismissed)/i.test(message)
  return refused ? CALL_TEXT.microphoneDenied : CALL_TEXT.startFailed
}

/** The message of an error event, else the generic one (SPEC §8 'Connection Failed'). */
export function describeCallError(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === 'string' && message.trim() !== '' ? message : CALL_TEXT.failedBody
}
