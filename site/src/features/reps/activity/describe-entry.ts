import type { EventName, PhoneOutcome, TimelineEntry } from '#core/engagement.ts'
import { formatDuration, spellOutCode } from './activity-format.ts'

type EventEntry = Extract<TimelineEntry, { kind: 'event' }>

const PLAIN: Record<EventName, string> = {
  page_opened: 'Opened the page',
  demo_call_started: 'Started talking to the agent in the browser',
  demo_call_ended: 'Talked to the agent in the browser',
  phone_call_requested: 'Asked for a phone call',
  video_call_started: 'Started a video call with the agent',
  video_call_ended: 'Had a video call with the agent',
  meeting_booked: 'Booked a meeting',
}

/** How a "Call Me" ended (core/engagement.ts PHONE_OUTCOMES), as the widget's dialog reported it. */
const OUTCOMES: Record<PhoneOutcome, string> = {
  placed: 'we called them',
  // 4xx: a number the platform would not call, or a limit reached.
  refused: 'not called: the number was refused or a limit was reached',
  // The network or the service failed.
  failed: 'not called: something went wrong',
}

/**
 * An event in a rep's words: "Opened the page on acme.example (partner page)", "Talked to the agent
 * in the browser · 3:12", "Asked for a phone call · we called them". A value this page does not know
 * (a newer server's) is shown as words, never as its code.
 */
export function describeEvent({ name, detail }: EventEntry): string {
  const seconds = typeof detail.seconds === 'number' ? ` · ${formatDuration(detail.seconds)}` : ''
  switch (name) {
    case 'page_opened': {
      const host = typeof detail.origin === 'string' ? getHost(detail.origin) : null
      const where =
        detail.surface === 'embed' ? ' (partner page)' : detail.surface === 'site' ? ' (their page)' : ''
      return `${PLAIN.page_opened}${host ? ` on ${host}` : ''}${where}`
    }
    case 'phone_call_requested': {
      const outcome = typeof detail.outcome === 'string' ? describeOutcome(detail.outcome) : ''
      return `${PLAIN.phone_call_requested}${outcome ? ` · ${outcome}` : ''}`
    }
    case 'demo_call_ended':
    case 'video_call_ended':
      return `${PLAIN[name]}${seconds}`
    case 'meeting_booked':
      // Whom with: the scheduler's confirmation names the host, else the rep whose link the page showed;
      // the team's scheduler names nobody in particular.
      return typeof detail.rep === 'string' && detail.rep.trim() !== ''
        ? `Booked a call with ${detail.rep.trim()}`
        : PLAIN.meeting_booked
    default:
      if (Object.hasOwn(PLAIN, name)) return PLAIN[name]
      return spellOutCode(name).replace(/^./, (first) => first.toUpperCase())
  }
}

/** A call report's heading: "Browser call report · 3:12", "Phone call report". */
export function describeCallReport({
  source,
  seconds,
}: Extract<TimelineEntry, { kind: 'call_report' }>): string {
  return `${source === 'phone' ? 'Phone' : 'Browser'} call report${seconds === null ? '' : ` · ${formatDuration(seconds)}`}`
}

function describeOutcome(outcome: string): string {
  if (Object.hasOwn(OUTCOMES, outcome)) return OUTCOMES[outcome as PhoneOutcome]
  return spellOutCode(outcome)
}

/** `https://acme.example` → `acme.example`; what is not an origin is shown as it came. */
export function getHost(origin: string): string {
  try {
    return new URL(origin).host
  } catch {
    return origin
  }
}
