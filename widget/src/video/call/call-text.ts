/** The video call's texts, in the call's lazy chunk. */
export const CALL_TEXT = {
  /**
   * Who the visitor meets: the support persona (`{name}` in the texts). The server does not name it,
   * and says what it is: the visitor is never led to think a machine is a person (the server's
   * persona answers honestly when asked, server/src/video/support-persona.ts).
   */
  persona: 'our AI support agent',
  connecting: (name: string) => `Connecting to ${name}...`,
  /** The 'Connection Failed' body when the server's answer says nothing more precise. */
  startFailed: 'Unable to start video call. Please try again.',
  connectedTitle: 'Connected!',
  connectedBody: (name: string, duration: string) =>
    `You're now connected with ${name}. Your call will last ${duration}.`,
  endedTitle: 'Call Ended',
  endedBody: (name: string) => `Your video call with ${name} has ended.`,
  title: (name: string) => `Video call with ${name}`,
  frameTitle: 'Video call',
  timeLeft: 'Time left',
  loadFailed: 'Failed to load conversation',
  close: 'Close',
  mute: 'Mute',
  unmute: 'Unmute',
  cameraOff: 'Stop camera',
  cameraOn: 'Start camera',
  endCall: 'End call',
  confirmQuestion: 'End the video call? It cannot be resumed.',
  keepTalking: 'Keep talking',
  /** Under the controls, with the link to the privacy page. */
  privacy: 'Your camera and microphone go to the video platform for this call only; we do not record them.',
} as const

/** "5 minutes", "1 minute", "8 seconds", "1 minute 30 seconds": the call's length in words. */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60)
  const rest = seconds % 60
  const parts = [
    minutes > 0 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : '',
    rest > 0 || minutes === 0 ? `${rest} second${rest === 1 ? '' : 's'}` : '',
  ]
  return parts.filter(Boolean).join(' ')
}

/** What the live region says at each whole minute left ("4 minutes left"). */
export const minutesLeftText = (minutes: number): string =>
  `${minutes} minute${minutes === 1 ? '' : 's'} left`
