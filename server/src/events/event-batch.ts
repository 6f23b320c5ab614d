import { z } from 'zod'
import {
  type BrowserEvent,
  type EventBatch,
  MAX_EVENTS_PER_BATCH,
  VISIT_ID_PATTERN,
  VISIT_TOKEN_PATTERN,
} from '#core/engagement.ts'
import { AppError } from '#core/errors.ts'
import { isValidSlug } from '#core/prospect.ts'

const MAX_EVENT_URI_LENGTH = 200
const MAX_SECONDS = 86400

const slug = z.string().refine(isValidSlug)
const seconds = z.number().int().min(0).max(MAX_SECONDS)

/** Each name with exactly its fields: an unknown name or an extra field is refused. */
const Event = z.discriminatedUnion('name', [
  z.strictObject({ name: z.literal('demo_call_started'), slug }),
  z.strictObject({ name: z.literal('demo_call_ended'), slug, seconds }),
  z.strictObject({ name: z.literal('video_call_started'), slug }),
  z.strictObject({ name: z.literal('video_call_ended'), slug, seconds }),
  z.strictObject({
    name: z.literal('meeting_booked'),
    slug,
    eventUri: z.string().max(MAX_EVENT_URI_LENGTH).refine(URL.canParse),
    rep: z.string().trim().min(1).max(80).optional(),
  }),
])

const Batch = z.strictObject({
  visit: z.string().regex(VISIT_ID_PATTERN),
  events: z.array(Event).min(1).max(MAX_EVENTS_PER_BATCH),
  // A page from before the visits route sends none: its events are dropped like any without one.
  tokens: z.record(slug, z.string().regex(VISIT_TOKEN_PATTERN)).default({}),
})

/**
 * Reads an {@link EventBatch} from the body's text (JSON whatever the Content-Type: `sendBeacon`
 * sends `text/plain`). Anything else is 400 `events_invalid`: only the page's reporter sends these,
 * so a malformed batch is a bug or a forgery, and either way nothing of it is stored.
 */
export function parseEventBatch(text: string): EventBatch {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new AppError('events_invalid')
  }
  const parsed = Batch.safeParse(json)
  if (!parsed.success) throw new AppError('events_invalid')
  return parsed.data
}

/** What the database keeps of an event besides its name and slug: the fields its name carries. */
export function getEventDetail(event: BrowserEvent): Record<string, string | number> {
  switch (event.name) {
    case 'demo_call_ended':
    case 'video_call_ended':
      return { seconds: event.seconds }
    case 'meeting_booked':
      return { eventUri: event.eventUri, ...(event.rep ? { rep: event.rep } : {}) }
    default:
      return {}
  }
}
