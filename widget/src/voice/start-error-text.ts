/**
 * What a failed start tells the visitor. Its own module because both the first paint (the
 * store's toast when the call chunk cannot load) and the lazy call chunk need it.
 */
export const START_ERROR_TEXT = {
  failedTitle: 'Connection Failed',
  /** The phone dialog's failure title, here because the core shows it when the dialog cannot load. */
  callFailedTitle: 'Call Failed',
  startFailed: 'Failed to start voice assistant. Please try again.',
} as const
