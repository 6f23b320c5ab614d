import type { Fetch } from '../common/platform-request.ts'
import type { SchedulerConfig } from './engagement-config.ts'

/**
 * What the scheduler says of a booking a page reported: `confirmed` counts it; `refused` (not an event
 * of ours, cancelled, or made before the visit's page was loaded) drops it; `unverifiable` (the
 * scheduler did not answer, or refused our token) drops it too, and is the operator's to fix.
 */
export type BookingVerdict =
  /** `host`: whom the meeting is with, as the scheduler names them (its first member's name), when it does. */
  { kind: 'confirmed'; host?: string | null } | { kind: 'refused' } | { kind: 'unverifiable'; reason: string }

/**
 * Checks the scheduled event a page's `meeting_booked` names: `eventUri` is the address Calendly's own
 * message to the page carried (`payload.event.uri`), `since` when the page's visit token was issued.
 */
export type BookingCheck = (eventUri: string, since: Date) => Promise<BookingVerdict>

/** A booking's clock and ours may differ a little; a minute of it is not a replay. */
const CLOCK_SKEW_MS = 60_000
const TIMEOUT_MS = 5000

/**
 * The scheduler's check. An event address must be `{apiUrl}/scheduled_events/{id}`: anything else was
 * not written by the scheduler. With a token, the event is looked up in the account (Calendly answers
 * 404 for another account's): it must be active and created after the visit began, so an old
 * booking's address cannot be replayed for another prospect. Without one, the address's form is all
 * that is checked (the database still counts one address once).
 */
export function createBookingCheck(config: SchedulerConfig, fetch: Fetch = globalThis.fetch): BookingCheck {
  const prefix = `${config.apiUrl}/scheduled_events/`
  return async (eventUri, since) => {
    const id = eventUri.startsWith(prefix) ? eventUri.slice(prefix.length) : ''
    if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) return { kind: 'refused' }
    if (config.apiToken === null) return { kind: 'confirmed' }
    let res: Response
    let body: unknown
    try {
      res = await fetch(eventUri, {
        headers: { Authorization: `Bearer ${config.apiToken}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      body = await res.json().catch(() => null)
    } catch {
      return { kind: 'unverifiable', reason: 'the scheduler could not be reached' }
    }
    if (res.status === 404 || res.status === 403) return { kind: 'refused' }
    if (res.status === 401)
      return { kind: 'unverifiable', reason: 'the scheduler refused CALENDLY_API_TOKEN' }
    if (!res.ok) return { kind: 'unverifiable', reason: `the scheduler answered HTTP ${res.status}` }
    const resource = (body as { resource?: ScheduledEvent } | null)?.resource
    const created = typeof resource?.created_at === 'string' ? Date.parse(resource.created_at) : Number.NaN
    const active = resource?.status === 'active'
    if (!active || !(created >= since.getTime() - CLOCK_SKEW_MS)) return { kind: 'refused' }
    return { kind: 'confirmed', host: readHost(resource) }
  }
}

/** The part of Calendly's scheduled event resource read here. */
interface ScheduledEvent {
  status?: unknown
  created_at?: unknown
  event_memberships?: unknown
}

/**
 * Whom the meeting is with, as the scheduler confirms it: the first host's `user_name` (Calendly lists
 * the event's hosts in `event_memberships`), trimmed to a name's length; null when it names none.
 */
function readHost(resource: ScheduledEvent): string | null {
  const members = Array.isArray(resource.event_memberships) ? resource.event_memberships : []
  const name = (members[0] as { user_name?: unknown } | undefined)?.user_name
  if (typeof name !== 'string') return null
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a name shown to reps is one plain line
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, ' ').trim()
  return clean === '' ? null : [...clean].slice(0, 80).join('')
}
