/** Calendly's widgets post from this origin only; anything else may be a page pretending to be them. */
export const CALENDLY_ORIGIN = 'https://calendly.com'

/**
 * The Calendly event name (`calendly.event_scheduled`, …) carried by a window message, or null when
 * the message is not from Calendly's origin or not a Calendly event.
 */
export function readCalendlyEvent(message: Pick<MessageEvent, 'origin' | 'data'>): string | null {
  if (message.origin !== CALENDLY_ORIGIN) return null
  const data: unknown = message.data
  if (typeof data !== 'object' || data === null || !('event' in data)) return null
  const { event } = data
  return typeof event === 'string' && event.startsWith('calendly.') ? event : null
}

export const isMeetingScheduled = (message: Pick<MessageEvent, 'origin' | 'data'>): boolean =>
  readCalendlyEvent(message) === 'calendly.event_scheduled'

/**
 * The address of the meeting a `calendly.event_scheduled` message booked (`payload.event.uri`, at
 * Calendly's API), which the server looks up before it counts the booking; null when the message is
 * not that, or carries none.
 */
export function readScheduledEventUri(message: Pick<MessageEvent, 'origin' | 'data'>): string | null {
  if (!isMeetingScheduled(message)) return null
  const { payload } = message.data as { payload?: { event?: { uri?: unknown } } }
  const uri = payload?.event?.uri
  return typeof uri === 'string' && uri.startsWith('https://') ? uri : null
}
