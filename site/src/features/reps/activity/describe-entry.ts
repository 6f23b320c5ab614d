import type { EventName, TimelineEntry } from '#core/engagement.ts'
import { formatDuration } from './activity-format.ts'

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

const OUTCOMES: Record<string, string> = { placed: 'placed', refused: 'refused', failed: 'failed' }

/**
 * An event in a rep's words: "Opened the page on acme.example (partner page)", "Talked to the agent
 * in the browser · 3:12", "Asked for a phone call · placed".
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
      const outcome = typeof detail.outcome === 'string' ? OUTCOMES[detail.outcome] : undefined
      return `${PLAIN.phone_call_requested}${outcome ? ` · ${outcome}` : ''}`
    }
    case 'demo_call_ended':
    case 'video_call_ended':
      return `${PLAIN[name]}${seconds}`
    default:
      return PLAIN[name]
  }
}

/** A call report's heading: "Browser call report · 3:12", "Phone call report". */
export function describeCallReport({
  source,
  seconds,
}: Extract<TimelineEntry, { kind: 'call_report' }>): string {
  return `${source === 'phone' ? 'Phone' : 'Browser'} call report${seconds === null ? '' : ` · ${formatDuration(seconds)}`}`
}

/** `https://acme.example` → `acme.example`; what is not an origin is shown as it came. */
function getHost(origin: string): string {
  try {
    return new URL(origin).host
  } catch {
    return origin
  }
}
