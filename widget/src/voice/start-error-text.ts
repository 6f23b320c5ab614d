/**
 * What a failed start tells the visitor (SPEC §8). Its own module because both the first paint (the
 * store's toasts) and the lazy Vapi chunk need it, and a shared module is bundled into the core.
 */
export const START_ERROR_TEXT = {
  microphoneDenied: 'Microphone access denied. Please allow microphone permissions and try again.',
  startFailed: 'Failed to start voice assistant. Please try again.',
} as const
