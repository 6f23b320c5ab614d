import type { EventName, PhoneOutcome, TimelineEntry, VisitChannel } from '#core/engagement.ts'
import { formatDuration, spellOutCode } from './activity-format.ts'

type EventEntry = Extract<TimelineEntry, { kind: 'event' }>

const PLAIN: Record<EventName, string> = {
  page_opened: 'Opened the page',
  demo_call_started: 'Started talking to the agent in the browser',
  demo_call_ended: 'Talked to the agent in the browser',
  phone_call_requested: 'The page says they asked for a phone call (not confirmed)',
  phone_call_placed: 'Asked for a phone call · we called them',
  video_call_placed: 'Started a video call with the agent',
  video_call_started: 'Started a video call with the agent',
  video_call_ended: 'Had a video call with the agent',
  meeting_booked: 'The page says they booked a call (not confirmed)',
  meeting_confirmed: 'Booked a call',
  meeting_canceled: 'Booked a call, then cancelled it',
}

/** The channel of a rep's link (core/engagement.ts VISIT_CHANNELS), as a rep says it. */
const CHANNELS: Record<string, string> = { email: 'email', linkedin: 'LinkedIn' } satisfies Record<
  VisitChannel,
  string
>

/** A meeting's time for a rep, in their own time zone: "Tue, Dec 3, 10:00 AM". */
const MEETING_TIME = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

/** How a "Call Me" ended (core/engagement.ts PHONE_OUTCOMES), as the widget's dialog reported it. */
const OUTCOMES: Record<PhoneOutcome, string> = {
  placed: 'we called them',
  // 4xx: a number the platform would not call, or a limit reached.
  refused: 'not called: the number was refused or a limit was reached',
  // The network or the service failed.
  failed: 'not called: something went wrong',
}

/**
 * An event in a rep's words: "Opened the page from email (their page)", "Opened the page on acme.example (partner page, as the page reported)",
 * "Talked to the agent in the browser · 3:12", "Asked for a phone call · we called them", "Booked a
 * call with Sam Rivera for Tue, Dec 3, 10:00 AM". What only a page said is marked as its word, not
 * confirmed. A value this page does not know (a newer server's) is shown as words, never as its code.
 */
export function describeEvent({ name, detail }: EventEntry): string {
  const seconds = typeof detail.seconds === 'number' ? ` · ${formatDuration(detail.seconds)}` : ''
  switch (name) {
    case 'page_opened': {
      const host = typeof detail.origin === 'string' ? getHost(detail.origin) : null
      const where =
        detail.surface === 'embed' ? 'partner page' : detail.surface === 'site' ? 'their page' : ''
      // The site's address is what the visitor's browser told us: the page's word, and said so.
      const label = [where, host ? 'as the page reported' : ''].filter(Boolean).join(', ')
      // The message a rep's link was sent in, when the link named it (`?via=email`).
      const channel =
        typeof detail.channel === 'string' && Object.hasOwn(CHANNELS, detail.channel)
          ? CHANNELS[detail.channel]
          : undefined
      return `${PLAIN.page_opened}${channel ? ` from ${channel}` : ''}${host ? ` on ${host}` : ''}${label ? ` (${label})` : ''}`
    }
    case 'phone_call_requested': {
      const outcome = typeof detail.outcome === 'string' ? describeOutcome(detail.outcome) : ''
      return `${PLAIN.phone_call_requested}${outcome ? ` · ${outcome}` : ''}`
    }
    case 'meeting_confirmed':
    case 'meeting_canceled': {
      const rep =
        typeof detail.rep === 'string' && detail.rep.trim() !== '' ? ` with ${detail.rep.trim()}` : ''
      const start = typeof detail.startAt === 'string' ? new Date(detail.startAt) : null
      const when = start && !Number.isNaN(start.getTime()) ? ` for ${MEETING_TIME.format(start)}` : ''
      return name === 'meeting_confirmed'
        ? `Booked a call${rep}${when}`
        : `Booked a call${rep}${when}, then cancelled it`
    }
    case 'demo_call_ended':
    case 'video_call_ended':
      return `${PLAIN[name]}${seconds}`
    case 'meeting_booked':
      // The page's word: only the scheduler's own message books (meeting_confirmed).
      return typeof detail.rep === 'string' && detail.rep.trim() !== ''
        ? `The page says they booked a call with ${detail.rep.trim()} (not confirmed)`
        : PLAIN.meeting_booked
    default:
      if (Object.hasOwn(PLAIN, name)) return PLAIN[name]
      return spellOutCode(name).replace(/^./, (first) => first.toUpperCase())
  }
}

/**
 * A call report's heading: "Browser call report · 3:12", "Phone call report", and for a call someone
 * of the team made to try the agent, "Your team tried the agent · browser call · 0:48".
 */
export function describeCallReport({
  source,
  seconds,
  team,
}: Extract<TimelineEntry, { kind: 'call_report' }>): string {
  const length = seconds === null ? '' : ` · ${formatDuration(seconds)}`
  if (team) return `Your team tried the agent · ${source === 'phone' ? 'phone' : 'browser'} call${length}`
  return `${source === 'phone' ? 'Phone' : 'Browser'} call report${length}`
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
