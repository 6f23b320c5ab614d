/** How the demo agent's tools behave: the business's clock, the limits of one call, the answer's deadline. */
export interface DemoSettings {
  /** The time zone the demo calendar's hours are in (`DEMO_TIME_ZONE`). */
  timeZone: string
  /** Tool calls one call may make in all: a long, busy demo makes a few dozen. */
  maxPerCall: number
  /** And within any `windowSeconds`: a model asking twenty times a second is looping, not helping. */
  maxPerWindow: number
  windowSeconds: number
  /** Each tool call is answered within this, or with words saying the calendar could not be reached. */
  deadlineMs: number
  /** One stream of a call's actions lasts at most this; the browser reconnects (Last-Event-ID). */
  streamMs: number
  now?: (() => Date) | undefined
}

export const DEFAULT_DEMO_TIME_ZONE = 'America/New_York'

export const DEMO_SETTINGS_DEFAULTS: Omit<DemoSettings, 'timeZone'> = {
  maxPerCall: 60,
  maxPerWindow: 8,
  windowSeconds: 10,
  // The platform waits 20 s for a tool by default; a caller should not wait a quarter of that.
  deadlineMs: 5000,
  streamMs: 10 * 60_000,
}

/** Whether `timeZone` is one the runtime knows (an IANA name such as `Europe/Paris`). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone })
    return true
  } catch {
    return false
  }
}
