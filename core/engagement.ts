import type { DemoAction } from './demo-actions.ts'
/**
 * Engagement: what a prospect did with their page, reported by the browser (site and widget) to one
 * endpoint, completed by the voice platform's end-of-call reports, and shown to the sales reps. The
 * vocabulary lives here and nowhere else; the server, the browser reporter and the reps' pages all
 * read it.
 *
 * Privacy rules (the privacy page says the same): no cookies, no fingerprinting, no raw address
 * stored (a keyed hash, as for phone numbers), and the only identifier is a random id per browser tab
 * (`visit`), kept in `sessionStorage`, never shared across sites.
 */

/** `POST` here: a batch of events ({@link EventBatch}), sent as `text/plain` (sendBeacon, no preflight). */
export const EVENTS_PATH = '/api/events'

/**
 * `POST` here: a visit begins ({@link VisitRequest}, `text/plain` JSON, no preflight), answered 201
 * {@link VisitResponse}. The page asks once it counts as opened (its script ran and it has been
 * visible for {@link OPEN_VISIBLE_MS}: link scanners and preview bots neither run scripts nor stay
 * visible), or at its first other event, whichever comes first. The request is the open: the
 * server stores `page_opened` with the origin the browser put in the request's `Origin` header, and
 * answers a visit token naming a visit id it chose. Limited per client address
 * (`ENGAGEMENT_VISITS_PER_IP_HOUR`); one address counts as one open of a prospect per
 * {@link OPEN_PER_ADDRESS_MINUTES} (a reload in a new tab is the same person, not a second visit),
 * and later visits from it still get their token, so their calls count. Automated clients and a
 * signed-in rep's browser are answered 200 `{ visit: null }`, and their events are not stored.
 */
export const VISITS_PATH = '/api/visits'

/** One address opens one prospect's page once in this many minutes. */
export const OPEN_PER_ADDRESS_MINUTES = 60

/**
 * The channels a rep's link may name (`/{slug}?via=email`, `?via=linkedin`): the message the prospect
 * followed, so the Timeline says "Opened the page from email". Any other `via` is no channel.
 */
export const VISIT_CHANNELS = ['email', 'linkedin'] as const
export type VisitChannel = (typeof VISIT_CHANNELS)[number]

/** The query parameter of a rep's link that names its channel. */
export const CHANNEL_PARAM = 'via'

/** The channel `search` (a page's `location.search`) names, or null when it names none we know. */
export function readVisitChannel(search: string): VisitChannel | null {
  const via = new URLSearchParams(search).get(CHANNEL_PARAM)
  return (VISIT_CHANNELS as readonly string[]).includes(via ?? '') ? (via as VisitChannel) : null
}

export interface VisitRequest {
  slug: string
  /** `site`: our own prospect page; `embed`: a partner page with the widget. */
  surface: 'site' | 'embed'
  /** Only from our own page, and only when its link named one (stored with `page_opened`). */
  channel?: VisitChannel
  /** Only from a partner's page (`embed`): which page showed the demo ({@link describeEmbedPage}). */
  page?: EmbedPage
}

/** The most characters of a page's address and of its title a visit carries. */
export const PAGE_URL_MAX = 500
export const PAGE_TITLE_MAX = 200

/** A partner's page that showed the demo: its address without query or fragment, and its title. */
export interface EmbedPage {
  url: string
  title: string
}

/**
 * The page a partner's visit names, from the tab's `location` and `document.title`: the address
 * without its query or fragment, where personal data travels (a mail's tracking id, a form's answers),
 * cut to {@link PAGE_URL_MAX}; the title with its spaces collapsed, cut to {@link PAGE_TITLE_MAX}.
 */
export function describeEmbedPage(where: Pick<Location, 'origin' | 'pathname'>, title: string): EmbedPage {
  return {
    url: `${where.origin}${where.pathname}`.slice(0, PAGE_URL_MAX),
    title: title.replace(/\s+/g, ' ').trim().slice(0, PAGE_TITLE_MAX),
  }
}

export interface VisitResponse {
  /** What the visit's events must carry; null: this visit is not counted (see {@link VISITS_PATH}). */
  visit: { id: string; token: string } | null
}

/**
 * The names the engagement tables keep, in the order a prospect usually meets them. The browser sends
 * only {@link BrowserEvent}s; `page_opened` is stored by the visits route, and the rest are the
 * server's own facts: `phone_call_placed` when it placed a "Call Me" call, `video_call_placed` when it
 * started a video call, `meeting_confirmed` and
 * `meeting_canceled` when the scheduler's signed webhook says so. `phone_call_requested` and
 * `meeting_booked`, like the page's own start and end of a call, are what a page said (kept for the
 * Timeline): claims, which move no stage and nudge no one.
 */
export const EVENT_NAMES = [
  'page_opened',
  'demo_call_started',
  'demo_call_ended',
  'phone_call_requested',
  'phone_call_placed',
  'video_call_placed',
  'video_call_started',
  'video_call_ended',
  'meeting_booked',
  'meeting_confirmed',
  'meeting_canceled',
] as const
export type EventName = (typeof EVENT_NAMES)[number]

/** Visible this long, in all, before a page counts as opened. */
export const OPEN_VISIBLE_MS = 3000

/** How a "Call Me" ended, as pages reported it (`phone_call_requested` rows) and as the server places it. */
export const PHONE_OUTCOMES = ['placed', 'refused', 'failed'] as const
export type PhoneOutcome = (typeof PHONE_OUTCOMES)[number]

/** One event as the browser sends it. Fields not listed for its name are refused. */
export type BrowserEvent =
  | { name: 'demo_call_started'; slug: string }
  /** `seconds`: how long the call was live, in whole seconds, 0 to 86400. */
  | { name: 'demo_call_ended'; slug: string; seconds: number }
  | { name: 'video_call_started'; slug: string }
  | { name: 'video_call_ended'; slug: string; seconds: number }
  /**
   * The page saw the scheduler's embed say a meeting was scheduled: `eventUri` is the address the
   * scheduler's message carried, `rep` the name of the rep whose scheduler the page showed (at most
   * 80 characters). A claim: the Timeline shows it as the page's word, and only the scheduler's
   * webhook makes the prospect "Booked".
   */
  | { name: 'meeting_booked'; slug: string; eventUri: string; rep?: string | undefined }

/** The body of `POST /api/events`: one visit's events, all about the prospect its token names. */
export interface EventBatch {
  /** The visit's id, as the visits route chose it. */
  visit: string
  /** 1 to {@link MAX_EVENTS_PER_BATCH} events, in the order they happened. */
  events: BrowserEvent[]
  /**
   * The visit token of each prospect the events name, as the visits route answered it: an event
   * without its prospect's token for this visit is not stored.
   */
  tokens: Record<string, string>
}

/**
 * How long a visit token lets a page report events: a working day. Signed by the server over the
 * prospect, the visit id it chose and the time; it proves the sender began that visit, not who they are.
 */
export const VISIT_TOKEN_HOURS = 24

/** A visit token's shape: when it was issued (seconds, base 36), a dot, 32 hex digits of signature. */
export const VISIT_TOKEN_PATTERN = /^[0-9a-z]{1,10}\.[0-9a-f]{32}$/

/** The visit id's rule (`EventBatch.visit`, `CallMetadata.visitId`, `PhoneCallRequest.visitId`). */
export const VISIT_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/

export const MAX_EVENTS_PER_BATCH = 20
/** A larger body is refused with 413 before it is read in full. */
export const MAX_EVENT_BODY_BYTES = 8 * 1024

/**
 * Answer of `POST /api/events`: 202 `{ accepted }`, the number stored. Events for an unknown slug or
 * the fallback prospect are dropped silently (they count in the batch, not in `accepted`): the
 * browser cannot tell a deleted prospect from a typo, and there is nothing for it to do. So are events
 * without a valid visit token for their prospect and this visit, and a second booking claim of one
 * visit. A malformed body is 400 `events_invalid`; over a limit, 429 with `Retry-After`. Requests from
 * automated clients (by User-Agent) are answered 202 with `accepted: 0`.
 */
export interface EventBatchResponse {
  accepted: number
}

/**
 * Call metadata the browser call and the phone call set on the voice platform's call, so its
 * end-of-call report (`POST /api/webhooks/vapi`) links back to the prospect and the visit.
 */
export interface CallMetadata {
  prospectSlug: string
  visitId: string | null
  /** Which button placed the call. */
  source: 'browser' | 'phone'
  /**
   * Set on calls started from the reps' own pages ("Try this agent"): the team's test, kept on the
   * Timeline as such, never the prospect's engagement. Only a signed-in rep's page sets it.
   */
  team?: true
}

// ---- The reps' view (paths under REP_API_PATH, same session and rules as core/rep-api.ts) ----

/** How far a prospect got, furthest first reached; each stage implies the ones before it. */
export const ENGAGEMENT_STAGES = ['sent', 'opened', 'tried_demo', 'asked_call', 'booked'] as const
export type EngagementStage = (typeof ENGAGEMENT_STAGES)[number]

/** What a rep reads for each stage. */
export const STAGE_LABELS: Record<EngagementStage, string> = {
  sent: 'Sent',
  opened: 'Opened',
  tried_demo: 'Tried the demo',
  asked_call: 'Asked for a call',
  booked: 'Booked',
}

/**
 * Which stored names reach which stage; null: none (the page's own claims). Only facts move a
 * prospect: an open the visits route counted, a browser call the voice platform reported (see
 * {@link STAGE_OF_CALL_REPORT}), a video call or a "Call Me" call the server placed, a meeting the
 * scheduler confirmed (and its cancellation takes that back: the confirmation is no longer there).
 */
export const STAGE_OF_EVENT: Record<EventName, EngagementStage | null> = {
  page_opened: 'opened',
  demo_call_started: null,
  demo_call_ended: null,
  video_call_placed: 'tried_demo',
  video_call_started: null,
  video_call_ended: null,
  phone_call_requested: null,
  phone_call_placed: 'asked_call',
  meeting_booked: null,
  meeting_confirmed: 'booked',
  meeting_canceled: null,
}

/** The stage an end-of-call report reaches, by the button that placed the call (as said above). */
export const STAGE_OF_CALL_REPORT: Record<CallMetadata['source'], EngagementStage> = {
  browser: 'tried_demo',
  phone: 'asked_call',
}

/**
 * The "hot" rule, in words for the page: a prospect is hot when their latest activity is within
 * {@link HOT_WITHIN_HOURS} hours and, in that time, they either reached "Tried the demo" or further,
 * or opened their page on {@link HOT_MIN_VISITS} or more separate visits, or talked to their agent for
 * {@link HOT_MIN_TALK_SECONDS} seconds or more in all.
 */
export const HOT_WITHIN_HOURS = 48
/**
 * Reaching this stage or a further one within the window makes a prospect hot on its own. Reaching
 * means getting further than ever before: a demo tried last month and a short call today is not new
 * progress (then the talk time decides), a booking today after that demo is.
 */
export const HOT_MIN_STAGE: EngagementStage = 'tried_demo'
export const HOT_MIN_VISITS = 2
export const HOT_MIN_TALK_SECONDS = 60
export const HOT_RULE_TEXT =
  'Hot: active in the last 48 hours, and in that time got further than ever before (tried the demo, asked for a call or booked), opened the page on 2 or more visits, or talked to the agent for a minute or more.'

/** One row of the activity list. */
export interface ActivitySummary {
  slug: string
  name: string
  companyName: string
  owner: { id: string; email: string } | null
  stage: EngagementStage
  hot: boolean
  /** ISO 8601 of the latest event or call report; null: nothing yet (stage `sent`). */
  latestAt: string | null
  /** Distinct visits that opened the page, all time (within retention). */
  visits: number
  /** Seconds talked to the agent (browser and phone calls), all time. */
  talkSeconds: number
}

/**
 * `GET activity?owner=<rep id>|me&stage=<stage>&hot=1&q=&page=1`: prospects ordered by latest activity,
 * newest first, prospects with none last (then by company). Paged by REP_PAGE_SIZE. Never the fallback
 * prospect. `GET activity.csv` with the same filters answers every match as CSV (`text/csv`,
 * attachment), columns: slug, name, company, owner, stage, hot, latest_at, visits, talk_seconds.
 */
export interface ActivityListResponse {
  prospects: ActivitySummary[]
  total: number
  page: number
  pageSize: number
  /** Server time of this answer (ISO 8601), so the page can say "updated just now". */
  asOf: string
}

/** While the activity list or a timeline is open and visible, it asks again this often. */
export const ACTIVITY_REFRESH_MS = 15000

/** One line of a prospect's timeline. */
export type TimelineEntry =
  | {
      kind: 'event'
      at: string
      name: EventName
      /** The visit it came from, shortened for display (first 8 characters). */
      visit: string
      /**
       * `origin`, `surface`, `channel` (when the link named one) and `page_url`, `page_title` (a partner's page that named itself) for `page_opened`, `seconds` for ended calls, `outcome` for a page's
       * phone call claim, `rep` and `startAt` for a scheduler's meeting (and `canceledAt` once cancelled).
       */
      detail: Record<string, string | number>
    }
  | {
      kind: 'call_report'
      at: string
      source: 'browser' | 'phone'
      seconds: number | null
      endedReason: string | null
      summary: string | null
      /** Lines as the platform reported them, oldest first. */
      transcript: { speaker: 'agent' | 'prospect'; text: string }[]
      /**
       * A call someone of the team made from the reps' pages to try the prospect's agent: shown as
       * such, and never the prospect's engagement (no stage, no talk time, no nudge).
       */
      team?: true
    }
  | {
      /** What the demo agent did during a call (core/demo-actions.ts): a demo booking, a message, a hand-over. */
      kind: 'demo_action'
      at: string
      source: 'browser' | 'phone'
      action: DemoAction
    }

/** `GET prospects/:slug/timeline`: newest first; 404 `prospect_not_found` for an unknown slug. */
export interface TimelineResponse {
  slug: string
  stage: EngagementStage
  hot: boolean
  entries: TimelineEntry[]
  /**
   * Where the demo was seen, as the pages reported it: the `Origin` their browsers sent when a visit
   * began (the visits route), so a page's word, not a fact, and labelled so. From the `page_opened` events: each site (origin) with the last
   * time, newest first, at most {@link SEEN_ON_LIMIT}. Empty: no page with the demo was opened yet, which
   * is how a rep learns that a pasted snippet never showed (a builder removed it, say). A partner's
   * page that named itself (`page` of the visit) is an entry of its own, with its address and title;
   * opens without one (our own page, older widgets) are one entry per site, `page` null.
   */
  seenOn: { origin: string; lastAt: string; page: EmbedPage | null }[]
  asOf: string
}

/** The sites a prospect's timeline names as where the demo was seen. */
export const SEEN_ON_LIMIT = 5

// ---- Nudges ----

/** What a nudge is about; at most one of each kind per prospect within the dedupe window. */
export const NUDGE_KINDS = ['opened', 'talked', 'booked'] as const
export type NudgeKind = (typeof NUDGE_KINDS)[number]
