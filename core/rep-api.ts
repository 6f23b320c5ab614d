import type { AgentTemplateSource } from './agent-template.ts'
import {
  AgentTextError,
  compileMessageText,
  type MessageTextPart,
  measureLongestRender,
} from './agent-text.ts'
import type { ProspectRights } from './ownership.ts'
import type { FieldErrors, ProspectFields } from './prospect-fields.ts'

/**
 * The sales reps' API: what the signed-in pages under `/_/` ask the server, and what the server
 * answers. Every path here is under {@link REP_API_PATH}; every answer carries
 * `Cache-Control: no-store`. Errors use the catalogue's body (`{ error: { code, message } }`), with
 * `fields` (form errors, one message per field) or `problems` (CSV rows) where this file says so.
 *
 * Session: `POST session` sets an HttpOnly cookie ({@link REP_SESSION_COOKIE}) and answers the rep and
 * a CSRF token. Every request that changes something (POST, PUT, DELETE; sign-in and setting a
 * password excepted, which need no session) must send that token in {@link CSRF_HEADER}; without it,
 * or with another session's token, the answer is 403 `csrf_failed`. Without a valid session any path
 * but `session` (POST) and `password` answers 401 `signed_out`.
 */
export const REP_API_PATH = '/api/reps'

/**
 * The reps' page of the prospects; each prospect's page for reps is this, `/`, and its slug. The
 * nudges to the reps' chat link there, so the server builds it as the pages do.
 */
export const REP_PROSPECTS_PAGE = '/_/prospects'

/** The cookie that carries a rep's session token (the token itself is stored only as a hash). */
export const REP_SESSION_COOKIE = 'rep_session'
/**
 * Set beside the session cookie and readable by the page's script (it holds no secret, only `1`): the
 * widget on our own pages reads it to mark a call made from a signed-in rep's browser as the team's
 * test, so a rep trying an agent never counts as the prospect's engagement.
 */
export const TEAM_BROWSER_COOKIE = 'voice_demo_team'
/** The request header that carries the session's CSRF token on every state-changing request. */
export const CSRF_HEADER = 'X-CSRF-Token'

/** A page of the rep list holds this many prospects; the server pages, the browser never loads all. */
export const REP_PAGE_SIZE = 50

export type RepRole = 'admin' | 'rep'

/** A rep as the pages show one. */
export interface Rep {
  id: string
  email: string
  role: RepRole
}

/** `GET session`, `POST session` `{ email, password }`, `POST password` `{ token, password }`. */
export interface SessionResponse {
  rep: Rep
  csrfToken: string
}

/** Who did something, and when (ISO 8601). `rep` is null when it was the command line. */
export interface Stamp {
  at: string
  rep: Rep | null
}

/** A row of the list. */
export interface RepProspectSummary {
  slug: string
  name: string
  companyName: string
  /** The business's logo we keep (its id, core/website-reading.ts), or null. */
  logo: string | null
  owner: Rep | null
  updated: Stamp
  /** What the signed-in rep may do with it, by the rule the database also refuses with. */
  rights: ProspectRights
}

export type RepProspectSort = 'company' | 'name' | 'slug' | 'updated' | 'owner'

/**
 * `GET prospects?q=&sort=&dir=asc|desc&owner=<rep id>|me&page=1`: one page (1-based) of matches of
 * `q` (slug, name or company, case-insensitive), never the fallback prospect.
 */
export interface RepProspectListResponse {
  prospects: RepProspectSummary[]
  /** All matches, for "1–50 of 9,812" and the page count. */
  total: number
  page: number
  pageSize: number
}

/** `website`: details its site gave were filled in the background (blank ones only). */
export type AuditAction = 'create' | 'update' | 'delete' | 'import' | 'website' | 'restore'

/** One line of a prospect's history; kept after the prospect is deleted. */
export interface AuditEntry {
  action: AuditAction
  slug: string
  stamp: Stamp
  /** The fields an update changed (names only). */
  changed: string[]
}

/**
 * `GET prospects/:slug`, and the answer of `POST prospects` (201) and `PUT prospects/:slug`. A
 * deleted prospect answers 404 `prospect_not_found`, but `GET prospects/:slug/history` still answers
 * its trail.
 */
export interface RepProspectDetail {
  fields: ProspectFields
  /** The agent as its page and calls serve it now: the template rendered, or the overrides. */
  agent: { firstMessage: string; system: string }
  owner: Rep | null
  /** What the signed-in rep may do with it, by the rule the database also refuses with. */
  rights: ProspectRights
  created: Stamp
  updated: Stamp
  history: AuditEntry[]
}

/** `GET prospects/:slug/history`: the trail, newest first; 404 when the slug never had a prospect. */
export interface ProspectHistoryResponse {
  history: AuditEntry[]
}

/** `GET slugs/:slug`: whether a new prospect may take it; `reason` says why not, for a person. */
export interface SlugCheckResponse {
  available: boolean
  reason: string | null
}

/**
 * `POST prospects` and `PUT prospects/:slug` with {@link ProspectFields} (and optionally
 * `ownerId`): 422 `prospect_invalid` with `fields` when a field breaks the rule, 409 `slug_taken`
 * when the slug belongs to another prospect. `DELETE prospects/:slug`: 204.
 */
export type { FieldErrors, ProspectFields }

/** The request header of `POST imports` that names one file's import: the same key, the same job. */
export const IMPORT_KEY_HEADER = 'Idempotency-Key'

/** What an import did, once done: the same as the command line's. */
export interface ImportResult {
  inserted: number
  updated: number
  unchanged: number
  /** One per row, in file order: the page link of each prospect. */
  links: { slug: string; url: string }[]
}

/** `queued` → `running` (rows staged, `done` of `total`, then written all at once) → `done` or `failed`. */
export type ImportJobStatus = 'queued' | 'running' | 'done' | 'failed'

/** An import: checked whole when it was sent, then written in the background, all of it or none. */
export interface ImportJob {
  id: string
  status: ImportJobStatus
  /** The file's rows. */
  total: number
  /** Rows on their way so far; none of them is saved until every one is (status `done`). */
  done: number
  /** Once `done`. */
  result: ImportResult | null
  /** Once `failed`: what went wrong, for the rep; nothing was imported. */
  error: string | null
  createdAt: string
  updatedAt: string
}

/**
 * `POST imports` with the CSV as the body (`Content-Type: text/csv`) and {@link IMPORT_KEY_HEADER}:
 * 422 `import_invalid` with `problems` (line numbers of the file) when any row is bad, nothing
 * stored; else 202 with the import and its address in `Location`, or with the import this key made
 * before (never written twice); 409 `import_key_reused` when that was for another file.
 * `GET imports/:id`: 200 with the import, to the rep who sent it (404 `import_not_found` to others).
 */
export interface ImportJobResponse {
  import: ImportJob
}

/**
 * `GET templates`: the agent templates a prospect may name, as written (placeholders and all), in the
 * order to offer them, the general one first. The form renders them as the rep types, with core/agent-template.ts.
 */
export interface AgentTemplateListResponse {
  templates: AgentTemplateSource[]
}

/** `GET reps`: every rep, for the owner filter (admins also see disabled ones, marked). */
export interface RepListResponse {
  reps: (Rep & { disabled: boolean })[]
}

/**
 * Where a rep's prospects' nudges reach them: `off` the team's chat only (as before), `also` by email
 * as well, `only` by email instead of the chat.
 */
export type RepNudgeMail = 'off' | 'also' | 'only'

/**
 * `GET profile/nudges`, and `PUT profile/nudges` `{ choice }`: the rep's choice, and whether mail is on
 * (`mail`; off, the server refuses `also` and `only` with 400 `bad_request`).
 */
export interface RepNudgesResponse {
  choice: RepNudgeMail
  mail: boolean
}

/**
 * "Forgot your password?" on the sign-in page. `GET password-reset`: whether a link can be emailed
 * (`mail`). `POST password-reset` `{ email }`: 202 with the same answer whether or not the address is a
 * rep's (with mail on, a rep's gets a one-time link by email); 429 `sign_in_limited` like sign-ins.
 */
export interface PasswordResetResponse {
  mail: boolean
}

// The team page (`/_/team`): admins manage the reps' accounts. Every path below answers 403 `forbidden`
// to a rep who is not an admin.

/** The page where a one-time link's token sets a password; the token rides in the link's fragment. */
export const SET_PASSWORD_PAGE = '/_/set-password'

/**
 * Where an account stands: `invited` (no password yet), `reset` (their password was reset and no new
 * one is set yet), `active`, `disabled` (cannot sign in, whatever else is true).
 */
export type TeamMemberStatus = 'invited' | 'reset' | 'active' | 'disabled'

/** A line of the team. Times are ISO 8601. */
export interface TeamMember extends Rep {
  status: TeamMemberStatus
  /** While `invited` or `reset`: when their newest link stops working (perhaps already past); else null. */
  linkExpiresAt: string | null
  /** Their latest sign-in or password set with a link; null: never. */
  lastSignedInAt: string | null
  createdAt: string
  /** With mail on: their latest invitation or new link as a message, and how it went; else absent or null. */
  linkMail?: TeamLinkMail | null
}

/**
 * A link's message: `sending` (queued, or the mail server asked us to try later), `sent` (the mail
 * server took it), `failed` (refused for good, or given up after a day): `error` is the mail server's
 * own words.
 */
export interface TeamLinkMail {
  to: string
  state: 'sending' | 'sent' | 'failed'
  error: string | null
  queuedAt: string
}

/**
 * `GET team`: everyone, by email, and the server's clock (`asOf`) to tell an expired link by. `mail`:
 * whether links are emailed (absent: they are not, as before mail existed).
 */
export interface TeamResponse {
  members: TeamMember[]
  asOf: string
  mail?: boolean
}

/** A one-time link to set a password: `{origin}/_/set-password#token=…`, usable once until `expiresAt`. */
export interface PasswordLinkAnswer {
  url: string
  createdAt: string
  expiresAt: string
}

/**
 * `POST team` `{ email, role }`: 201 with the new member and their link (400 `email_invalid`, 409
 * `rep_exists`). `POST team/:id/link`: a new link (200), which ends their earlier links; for someone
 * who had a password it is a reset: the password stops working and every session ends at once. 403
 * `forbidden` for one's own account. No email is sent: the admin sends the link.
 */
export interface TeamLinkResponse {
  member: TeamMember
  link: PasswordLinkAnswer
  /** With mail on, the address the link was emailed to (the message is queued); else absent or null. */
  emailedTo?: string | null
  /** The sessions the reset ended. */
  endedSessions: number
}

/**
 * `PATCH team/:id` `{ role?, disabled? }`: 200 with the member as they are now. Disabling ends every
 * session at once. 403 `forbidden` for disabling or demoting oneself; 409 `last_admin` when no other
 * enabled admin would be left; 404 `rep_not_found`.
 */
export interface TeamChange {
  role?: RepRole
  disabled?: boolean
}

export interface TeamChangeResponse {
  member: TeamMember
  endedSessions: number
}

export type TeamAuditAction =
  | 'invited'
  /** The first admin made their account with the server's setup link, which signed them in. */
  | 'set_up'
  | 'link_resent'
  | 'password_reset'
  | 'password_set'
  | 'disabled'
  | 'enabled'
  | 'role_changed'

/** One change to an account. `stamp.rep` is who made it (the rep themselves for `password_set`; null: the command line). */
export interface TeamAuditEntry {
  action: TeamAuditAction
  stamp: Stamp
  /** `invited`: the role given; `set_up`: admin; `role_changed`: the new role; else null. */
  role: RepRole | null
  /** `disabled`, `password_reset`: the sessions it ended. */
  endedSessions: number
}

/** `GET team/:id/history`: the latest changes, newest first (at most 50); 404 `rep_not_found`. */
export interface TeamHistoryResponse {
  history: TeamAuditEntry[]
}

// Ownership and deleted prospects.
//
// Everyone signed in reads every prospect. A rep changes and deletes their own, and takes over one
// nobody owns; an admin changes, deletes and reassigns any. A change the rule refuses is 403
// `not_your_prospect` (naming the owner), `owner_not_allowed` (a rep choosing another owner), or
// `forbidden` (the fallback prospect, which only admins change). docs/api.md has the whole table.

/**
 * `PUT prospects/:slug/owner`: gives the prospect to a rep's `id` (null: nobody), its fields as they
 * are; 200 with the detail. An admin gives any prospect to any enabled rep or to nobody; a rep only
 * takes over a prospect nobody owns, with their own id.
 */
export interface OwnerChangeRequest {
  ownerId: string | null
}

/** A deleted prospect as the list shows it; `name` and `companyName` are null when not kept. */
export interface DeletedProspectSummary {
  /** The deleted prospect's id: its page is `deleted-prospects/:id`. */
  id: string
  slug: string
  name: string | null
  companyName: string | null
  /** Its owner when it was deleted. */
  owner: Rep | null
  deleted: Stamp
  /** The bulk delete it was part of (`POST bulk-actions/deletions/:batchId/restore`), or null. */
  batchId: string | null
}

/** `GET deleted-prospects?page=`: one page (REP_PAGE_SIZE) of deletions, the latest first. */
export interface DeletedProspectListResponse {
  prospects: DeletedProspectSummary[]
  total: number
  page: number
  pageSize: number
}

/**
 * `GET deleted-prospects/:id`: the prospect's last values (null when deleted before they were kept),
 * its owner then, who deleted it and when, and its history, newest first (at most 200); 404
 * `prospect_not_found` when no prospect with this id was deleted.
 */
export interface DeletedProspectResponse {
  id: string
  slug: string
  fields: ProspectFields | null
  owner: Rep | null
  deleted: Stamp
  history: AuditEntry[]
}

// The first admin (`/_/setup`): while no enabled admin exists, the Node server makes a setup link as it
// starts and prints it, so a new install gets its admin without stopping anything.

/** The page of the first admin's setup link; the token rides in the link's fragment. */
export const SETUP_PAGE = '/_/setup'

/**
 * `POST setup`, with no session: creates the first admin with this email and password and signs them
 * in (the answer and cookie of `POST session`). 400 `setup_link_expired` (an unknown or expired
 * token), 409 `setup_done` once an enabled admin exists (also to the second of two at once), 400
 * `email_invalid`, 400 `password_invalid`, 409 `rep_exists` (the email is another rep's).
 */
export interface FirstAdminRequest {
  token: string
  email: string
  password: string
}

// The rep's own profile (`/_/profile`): what prospects see of them beside "Book a call".

/** A rep's profile: the name prospects see, their scheduling link and their photo (a stored image's id). */
export interface RepProfile {
  /** Empty: none given (the page then says "Book a call" without a name). */
  name: string
  /** Empty: none; prospects get the team's scheduler. */
  schedulingUrl: string
  /** Served at `/api/logos/{id}`; null: none. */
  photo: string | null
}

/** `GET profile`, and the answer of `PUT profile`, `PUT profile/photo` and `DELETE profile/photo`. */
export interface RepProfileResponse {
  profile: RepProfile
  /** The hosts a scheduling link may be on (calendly.com, and the team's scheduler's), for the form's hint. */
  schedulerHosts: string[]
}

/**
 * `PUT profile` `{ name, schedulingUrl }`: both replace what was there (empty clears); 400 `bad_request`
 * with `fields` (`name`, `schedulingUrl`) in words for the rep when one breaks its rule.
 */
export interface RepProfileChange {
  name: string
  schedulingUrl: string
}

/**
 * `PUT profile/photo` with the image as the body (`Content-Type: image/png`, `image/jpeg`, `image/webp`
 * or `image/gif`), at most {@link REP_PHOTO_MAX_BYTES}: it is cropped square and kept small. 413
 * `payload_too_large`, 415 `unsupported_media_type` or 400 `bad_request` (not a picture we can read),
 * each with a message for the rep. `DELETE profile/photo` removes it.
 */
export const REP_PHOTO_MAX_BYTES = 5 * 1024 * 1024
export const REP_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const

/** The longest name a rep may give (the database's check agrees). */
export const REP_NAME_MAX = 80

/** The name rule: at most REP_NAME_MAX characters on one line. Null when it passes, else why not. */
export function checkRepName(value: string): string | null {
  const name = value.trim()
  if ([...name].length > REP_NAME_MAX) return `Your name is too long (at most ${REP_NAME_MAX} characters).`
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the rule exists to find them
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'Your name must be on one line, with no special characters.'
  return null
}

// The message a rep sends (the prospect's page, "Email {first name}"): the team's wording, written once
// for everyone with the agent's placeholders (core/agent-text.ts MESSAGE_PLACEHOLDERS).

/** The three texts of the message: the email's subject and body, and the LinkedIn message. */
export interface OutreachWording {
  subject: string
  email: string
  linkedin: string
}

/**
 * `GET outreach-wording` (every rep): the team's wording, or the default (`isDefault`, `updated`
 * null), and the signed-in rep's own name for `{{ rep_name }}` (empty: their profile gives none).
 * `PUT outreach-wording` {@link OutreachWording} (admins only, else 403 `forbidden`): stores it for
 * everyone and answers as GET does; 400 `bad_request` with `fields` (`subject`, `email`,
 * `linkedin`) in words for the admin when a text breaks its rule (checkOutreachWording).
 */
export interface OutreachWordingResponse {
  wording: OutreachWording
  isDefault: boolean
  updated: Stamp | null
  repName: string
}

/** LinkedIn refuses a connection note of this many characters or more: a message stays under it. */
export const LINKEDIN_MESSAGE_LIMIT = 300
/**
 * The most characters a LinkedIn text's own words may take (its placeholders counted empty): the
 * rest of the 300 is for the link (up to ~110 characters) and the company, cut to fit when long.
 */
export const LINKEDIN_WORDS_MAX = 180
/** The longest text of each kind an admin may store (the database's checks agree). */
export const OUTREACH_WORDING_MAX: Readonly<Record<keyof OutreachWording, number>> = {
  subject: 200,
  email: 4000,
  linkedin: 600,
}

/** Each text's name, as the editor labels it: every message names it so. */
export const OUTREACH_WORDING_LABELS: Readonly<Record<keyof OutreachWording, string>> = {
  subject: 'Subject',
  email: 'Email',
  linkedin: 'LinkedIn message',
}

/** The wording a team starts with: short, about the prospect, one link, no sign-up asked. */
export const DEFAULT_OUTREACH_WORDING: OutreachWording = {
  subject: 'A voice agent for {{ company_name }}, ready to try',
  email: [
    'Hi {{ first_name | default: "there" }},',
    '',
    'I set up a demo AI receptionist for {{ company_name }}{% if city %} in {{ city }}{% endif %}: it answers ' +
      'calls, books appointments and never puts a caller on hold. You can talk to it in your browser, no sign-up:',
    '',
    '{{ link }}',
    '',
    'Two minutes is enough to hear how it would sound to your callers. If you like it, I can have it ' +
      'answering for {{ company_name }} this week.',
    '',
    '{% if rep_name %}Best,',
    '{{ rep_name }}{% else %}Best regards{% endif %}',
  ].join('\n'),
  linkedin:
    'Hi {{ first_name | default: "there" }}, I built a demo AI receptionist for {{ company_name }}: it ' +
    'answers calls and books appointments. Try it in your browser, no sign-up: {{ link }}',
}

/** Whether `{{ link }}` stands outside every `{% if %}`, so the rendered text always has it. */
const alwaysHasLink = (parts: readonly MessageTextPart[]): boolean =>
  parts.some((part) => part.kind === 'value' && part.name === 'link')

/**
 * The wording's rule, for the editor and the server alike: each text compiles (agent-text.ts) and
 * fits its length; the subject is one line; the email and the LinkedIn message name `{{ link }}`
 * outside any `{% if %}`; the LinkedIn message's own words leave room for the link and the company.
 * Null when it passes, else a message in words per text.
 */
export function checkOutreachWording(
  wording: OutreachWording,
): Partial<Record<keyof OutreachWording, string>> | null {
  const problems: Partial<Record<keyof OutreachWording, string>> = {}
  for (const key of ['subject', 'email', 'linkedin'] as const) {
    const problem = checkText(key, wording[key])
    if (problem) problems[key] = `${OUTREACH_WORDING_LABELS[key]}: ${problem}`
  }
  return Object.keys(problems).length > 0 ? problems : null
}

function checkText(key: keyof OutreachWording, source: string): string | null {
  if (source.trim() === '') return 'write something here.'
  const max = OUTREACH_WORDING_MAX[key]
  if ([...source].length > max) return `at most ${max} characters.`
  if (key === 'subject' && /[\r\n]/.test(source)) return 'a subject is one line.'
  let parts: MessageTextPart[]
  try {
    parts = compileMessageText(source)
  } catch (error) {
    if (error instanceof AgentTextError) return `${error.message}.`
    throw error
  }
  if (key !== 'subject' && !alwaysHasLink(parts)) {
    return "put {{ link }} (the prospect's page) in it, outside any {% if %}."
  }
  if (key === 'linkedin') {
    const words = measureLongestRender(parts, () => 0)
    if (words > LINKEDIN_WORDS_MAX) {
      return (
        `its own words come to ${words} characters; keep them to ${LINKEDIN_WORDS_MAX}, so that with the ` +
        `link and the company's name it stays under ${LINKEDIN_MESSAGE_LIMIT}.`
      )
    }
  }
  return null
}

// The team's funnel (Activity opens on it).

/**
 * The periods the funnel offers: this week and last week (Monday to Sunday, UTC), the last 30 days,
 * and a custom one from one day to another (`from` and `to`, both included, UTC days).
 */
export const FUNNEL_PERIODS = ['this-week', 'last-week', '30-days', 'custom'] as const
export type FunnelPeriod = (typeof FUNNEL_PERIODS)[number]
export const DEFAULT_FUNNEL_PERIOD: FunnelPeriod = '30-days'
/** The longest custom period, in days (a leap year's): longer, the trend and the splits stop meaning a period. */
export const FUNNEL_CUSTOM_MAX_DAYS = 366

const DAY_MS = 86_400_000

/** A calendar day written `YYYY-MM-DD` as its midnight UTC in ms, or null when it is no such day. */
export function parseFunnelDay(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const ms = Date.UTC(year, month - 1, day)
  const date = new Date(ms)
  // Date.UTC rolls 31 April over to 1 May: a day that does not exist is refused, not moved.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null
  return ms
}

/** Which of a custom period's two days a problem is with, so a form can mark that field. */
export type FunnelRangeField = 'from' | 'to'

/**
 * A custom period's two days (`YYYY-MM-DD`, both included) as a rep reads a problem with them, or
 * null when they make a period: both real days, the last not before the first, at most
 * FUNNEL_CUSTOM_MAX_DAYS days, none after `today` (UTC; the funnel cannot count what has not
 * happened). The API and the page say the same words.
 */
export function checkFunnelRange(
  from: string,
  to: string,
  today: Date,
): { field: FunnelRangeField; message: string } | null {
  if (from === '') return { field: 'from', message: 'Choose the first day of the period.' }
  if (to === '') return { field: 'to', message: 'Choose the last day of the period.' }
  const first = parseFunnelDay(from)
  if (first === null)
    return { field: 'from', message: 'The first day is not a date (write it as YYYY-MM-DD).' }
  const last = parseFunnelDay(to)
  if (last === null) return { field: 'to', message: 'The last day is not a date (write it as YYYY-MM-DD).' }
  const todayMs = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
  if (first > todayMs)
    return { field: 'from', message: 'The first day is in the future: choose today or earlier.' }
  if (last > todayMs)
    return { field: 'to', message: 'The last day is in the future: choose today or earlier.' }
  if (last < first) return { field: 'to', message: 'The last day is before the first day.' }
  const days = (last - first) / DAY_MS + 1
  if (days > FUNNEL_CUSTOM_MAX_DAYS)
    return {
      field: 'to',
      message: `The period is ${days} days long: choose at most a year (${FUNNEL_CUSTOM_MAX_DAYS} days).`,
    }
  return null
}
/** How many weeks the trend shows, ending with the period's last. */
export const FUNNEL_TREND_WEEKS = 8

/**
 * How many prospects reached each stage (ENGAGEMENT_STAGES, in order) or a later one within the
 * period, so each step holds the ones after it. "Sent" counts prospects created in the period or
 * moving in it.
 */
export type FunnelCounts = number[]

export interface FunnelGroup {
  /** A rep's id, a template, a site's origin; '' for none (no owner, no kind, no origin sent). */
  key: string
  /** What a rep reads: an email, a kind's name, a host. */
  label: string
  counts: FunnelCounts
}

/**
 * `GET activity/funnel?period=&from=&to=&q=&owner=`: the funnel of the prospects the activity list's search
 * and owner filters match, as the list scopes them (everyone signed in sees the team's).
 */
export interface FunnelResponse {
  period: FunnelPeriod
  /** The period, from `since` up to (not including) `until`, ISO 8601. */
  since: string
  until: string
  total: FunnelCounts
  /** Oldest first, FUNNEL_TREND_WEEKS of them, each named by its Monday (YYYY-MM-DD, UTC). */
  weeks: { week: string; counts: FunnelCounts }[]
  byRep: FunnelGroup[]
  byKind: FunnelGroup[]
  /** Prospects who opened the demo in the period, by the site where they first did ("sent" is the same as "opened"). */
  bySite: FunnelGroup[]
}

/** What an outgoing webhook can be told of, in the order the settings page lists them. */
export const WEBHOOK_EVENTS = [
  'opened',
  'tried',
  'asked_for_call',
  'booked',
  'talked',
  'prospect_created',
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/** Each event's words on the settings page and its `type` in a delivery's body. */
export const WEBHOOK_EVENT_INFO: Readonly<Record<WebhookEvent | 'test', { label: string; type: string }>> = {
  opened: { label: 'Opened their page', type: 'prospect.opened' },
  tried: { label: 'Tried the demo', type: 'prospect.tried' },
  asked_for_call: { label: 'Asked for a call', type: 'prospect.asked_for_call' },
  booked: { label: 'Booked a meeting', type: 'prospect.booked' },
  talked: { label: 'Talked to their agent', type: 'prospect.talked' },
  prospect_created: { label: 'Prospect created', type: 'prospect.created' },
  test: { label: 'Test', type: 'webhook.test' },
}

/** An outgoing webhook as the settings page shows it: never its secret, only the secret's end. */
export interface OutgoingWebhook {
  id: string
  url: string
  events: WebhookEvent[]
  enabled: boolean
  /** The signing secret's last 4 characters, to tell which one a receiver holds. */
  secretLast4: string
  createdAt: string
}

export interface OutgoingWebhookListResponse {
  webhooks: OutgoingWebhook[]
}

/** `POST /webhooks`'s body. */
export interface OutgoingWebhookRequest {
  url: string
  events: WebhookEvent[]
}

/** A webhook just added: its whole signing secret, shown this once. */
export interface OutgoingWebhookCreated {
  webhook: OutgoingWebhook
  secret: string
}

/** One delivery in a webhook's log, newest first. */
export interface WebhookDeliveryLine {
  id: number
  /** Sent as `CallPilot-Delivery` on every try: a receiver takes each delivery once. */
  deliveryId: string
  event: WebhookEvent | 'test'
  slug: string | null
  createdAt: string
  attempts: number
  state: 'waiting' | 'delivered' | 'failed'
  /** The last answer's HTTP status, when there was one. */
  status: number | null
  /** The last try's outcome in words, e.g. "The receiver answered HTTP 500"; null once delivered. */
  error: string | null
  /** When the next try is due, while waiting. */
  nextAttemptAt: string | null
}

export interface WebhookDeliveryLogResponse {
  deliveries: WebhookDeliveryLine[]
  /** How many tries a delivery gets before it is given up. */
  maxAttempts: number
}

// Bulk actions on the prospects and Activity lists: one request names either the rows a rep ticked
// (`slugs`) or the list's own filter (`filter`, the query string of the list's address), and changes
// every row the rep may change in one transaction; rows the ownership rule refuses are skipped and
// listed with why, in the words of the rule for one prospect.

export const BULK_ACTIONS = ['reassign', 'delete', 'reread', 'export'] as const
export type BulkAction = (typeof BULK_ACTIONS)[number]

/** At most this many prospects in one bulk action, ticked or matched. */
export const BULK_MAX_ROWS = 100_000

/** The list whose filter a bulk action names, and its address's query string (`q`, `owner`, `stage`, `hot`). */
export interface BulkFilter {
  list: 'prospects' | 'activity'
  query: string
}

/**
 * `POST bulk-actions`: `slugs` or `filter`, not both. `ownerId` (a rep's id, or null: nobody) for
 * `reassign` only. `export` answers a CSV file (`text/csv`, BULK_EXPORT_COLUMNS) and changes nothing;
 * the others answer {@link BulkResponse}. 400 `bad_request` for a body it cannot read, 422
 * `prospect_invalid` when the new owner is not an enabled rep (nothing changed).
 */
export interface BulkRequest {
  action: BulkAction
  slugs?: string[]
  filter?: BulkFilter
  ownerId?: string | null
}

/** A row a bulk action left alone, and why, as the rep reads it. */
export interface BulkRefusal {
  slug: string
  name: string
  companyName: string
  reason: string
}

export interface BulkResult {
  action: Exclude<BulkAction, 'export'>
  /** How many prospects it named (ticked, or matching the filter when it ran). */
  total: number
  /** Reassigned, deleted, or queued for reading. */
  changed: number
  /** Already with that owner (reassign). */
  unchanged: number
  /** Named but gone meanwhile (deleted by someone else). */
  missing: number
  refusedCount: number
  /** The first 200 refused rows, by slug. */
  refused: BulkRefusal[]
  /** A delete's batch: `POST bulk-actions/deletions/:batchId/restore` brings it back. */
  batchId: string | null
}

/** The answer when the action ran while the request waited (at most BULK_INLINE_MAX prospects). */
export interface BulkResponse {
  result: BulkResult
}

/**
 * Past this many prospects a writing action runs as a job: `POST bulk-actions` answers 202
 * {@link BulkJobResponse} at once (`Location`: the job), and `GET bulk-actions/:id` follows it.
 */
export const BULK_INLINE_MAX = 1000

/**
 * A large bulk action. `running` until its one writing transaction ends: then `done`, with its
 * result, or `failed`, with why in words, and nothing changed. Only the rep who started it may read
 * it (404 `prospect_not_found` for anyone else, as for an unknown id).
 */
export interface BulkJob {
  id: string
  status: 'running' | 'done' | 'failed'
  /** `restore`: a bulk delete brought back (`POST bulk-actions/deletions/:id/restore`), its answer in `restored`. */
  action: BulkResult['action'] | 'restore'
  total: number
  /**
   * While running: `checking` its rows against the ownership rule in chunks (`checked` of `total`
   * so far, `refused` of those the rep may not change), then `writing` them all in one transaction,
   * which has no count to show: `writingSince` says since when.
   */
  phase: 'checking' | 'writing'
  checked: number
  refused: number
  writingSince: string | null
  /** A restore's answer, once done. */
  restored: BulkRestoreResponse | null
  result: BulkResult | null
  error: string | null
  createdAt: string
  updatedAt: string
}

export interface BulkJobResponse {
  job: BulkJob
}

/** The export's columns: for a mail merge, each link marked as sent by email (`?via=email`). */
export const BULK_EXPORT_COLUMNS = ['name', 'company', 'link', 'stage'] as const
export const BULK_EXPORT_FILE = 'prospects-mail-merge.csv'

/**
 * `POST bulk-actions/deletions/:batchId/restore`: brings a bulk delete back, by the rep who deleted it
 * or an admin (else 403 `forbidden`; 404 `prospect_not_found` for an unknown batch). A prospect whose
 * slug a new prospect took meanwhile stays deleted and is listed. The others come back whole: what they
 * did (visits, events, calls) returns with them, and so do their activity totals and funnel stages.
 */
export interface BulkRestoreResponse {
  restored: number
  /** Already back from an earlier restore. */
  already: number
  slugTaken: string[]
}
