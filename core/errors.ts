import { RequestFailure, UNAVAILABLE_MESSAGE } from './api-error.ts'
import { OWNER_NOT_ALLOWED_MESSAGE } from './ownership.ts'
import { SLUG_RULE_MESSAGE } from './prospect.ts'
import { PASSWORD_RULE_MESSAGE } from './rep-password.ts'

/**
 * The error catalogue: every error that crosses a boundary (server → browser, widget → host page)
 * has a code here, and its message is always safe to show a person.
 */
const catalog = {
  bad_request: { status: 400, message: 'The request is not valid.' },
  slug_invalid: { status: 400, message: SLUG_RULE_MESSAGE },
  prospect_not_found: { status: 404, message: 'Prospect not found.' },
  not_found: { status: 404, message: 'Not found.' },
  prospect_unavailable: { status: 503, message: 'Failed to load prospect data.' },
  unavailable: { status: 503, message: UNAVAILABLE_MESSAGE },
  payload_too_large: { status: 413, message: 'The request is too large.' },
  /** A C0 control character (NUL included) or DEL in the path, the query, a JSON string or a header. */
  control_character: {
    status: 400,
    message: 'The request contains a control character (such as NUL), which is not allowed.',
  },
  /** The client closed the connection before its request body was complete. */
  body_incomplete: { status: 400, message: 'The request body was cut off. Please try again.' },
  // Phone calls. The dialog shows `message`; its toast title depends on the code.
  phone_required: { status: 400, message: 'Please enter a valid phone number' },
  phone_invalid: { status: 400, message: 'Please enter a valid phone number' },
  country_invalid: { status: 400, message: 'Please choose a country from the list.' },
  phone_not_configured: { status: 503, message: 'Phone calls are not available right now.' },
  rate_limited: { status: 429, message: 'Too many call requests. Please try again later.' },
  /** The voice platform refused or failed: the visitor reads these words, the log the platform's. */
  phone_call_failed: { status: 502, message: 'The call could not be placed. Please try again in a moment.' },
  phone_call_timeout: {
    status: 504,
    message:
      'The call service did not answer in time. If your phone does not ring within a minute, please try again.',
  },
  /** The same idempotency key arrived while its first request was still placing the call. */
  call_in_progress: { status: 409, message: 'This call is already being placed. Please wait a moment.' },
  /** An idempotency key was reused for a different number or prospect. */
  idempotency_key_reused: {
    status: 422,
    message: 'This request was already used for a different call. Please try again.',
  },
  // Video support calls. 'Connection Failed' shows `message`.
  video_not_configured: { status: 503, message: 'Video calls are not available right now.' },
  /** The video platform (or the automation webhook) refused, failed or answered something unusable. */
  video_call_failed: { status: 502, message: 'Unable to start video call. Please try again.' },
  video_call_timeout: { status: 504, message: 'Unable to start video call. Please try again.' },
  /** The id is not a video call this server started. */
  video_conversation_not_found: { status: 404, message: 'This video call was not found.' },
  /** The platform could not end the call; asking again may work (it ends at its time limit anyway). */
  video_end_failed: { status: 502, message: 'The video call could not be ended. Please try again.' },
  // The sales reps' pages (core/rep-api.ts).
  /** No session, or one that expired, was signed out or belongs to a disabled rep. */
  signed_out: { status: 401, message: 'Please sign in.' },
  /** The same answer for an unknown email and a wrong password, so neither can be told apart. */
  sign_in_failed: { status: 401, message: 'That email and password do not match.' },
  sign_in_limited: {
    status: 429,
    message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  },
  /** A change without the session's CSRF token, or from another site. */
  csrf_failed: { status: 403, message: 'This page is out of date. Please reload it and try again.' },
  forbidden: { status: 403, message: 'You may not do that.' },
  rep_disabled: { status: 403, message: 'This account is disabled. Ask an admin to enable it.' },
  password_invalid: { status: 400, message: PASSWORD_RULE_MESSAGE },
  link_expired: {
    status: 400,
    message: 'This link has expired or was already used. Ask an admin for a new one.',
  },
  // The team page (admins managing reps).
  email_invalid: { status: 400, message: 'Please enter an email address, like name@example.com.' },
  rep_exists: { status: 409, message: 'This email already belongs to someone on the team.' },
  rep_not_found: { status: 404, message: 'This person is not on the team.' },
  /** The change would leave no enabled admin; the database refuses it, so two at once cannot both pass. */
  last_admin: {
    status: 409,
    message: 'There must always be an enabled admin. Make someone else an admin first.',
  },
  // The first admin's setup link (`POST setup`), which the server prints while no admin exists.
  setup_link_expired: {
    status: 400,
    message: 'This setup link has expired. Restarting the server prints a new one.',
  },
  setup_done: {
    status: 409,
    message: 'An admin account exists already, so this setup link no longer works. Please sign in.',
  },
  /** A form's fields break the prospect rule; the body's `fields` says which and why. */
  prospect_invalid: { status: 422, message: 'Please correct the marked fields.' },
  slug_taken: { status: 409, message: 'Another prospect already has this link.' },
  /** A rep changing or deleting a prospect that is not theirs; the message names its owner when it has one. */
  not_your_prospect: { status: 403, message: 'Only its owner or an admin can change this prospect.' },
  /** A rep giving a prospect to someone else, or to nobody. */
  owner_not_allowed: { status: 403, message: OWNER_NOT_ALLOWED_MESSAGE },
  /** A CSV with bad rows; the body's `problems` lists each row's line and problems. Nothing was imported. */
  import_invalid: { status: 422, message: 'Nothing was imported: some rows have problems.' },
  unsupported_media_type: { status: 415, message: 'Send the file as text/csv.' },
  /** An import without its Idempotency-Key header, or with one that breaks the rule. */
  import_key_invalid: {
    status: 400,
    message:
      'Send the file with an Idempotency-Key header: 16 to 100 letters, digits, dashes or underscores, new for each file.',
  },
  /** The key of an earlier import, sent with another file. */
  import_key_reused: {
    status: 409,
    message: 'This upload key was already used for another file. Choose the file again to import it.',
  },
  import_not_found: { status: 404, message: 'This import was not found. Imports are kept for 7 days.' },
  // Reading a prospect's website (core/website-reading.ts). The message is the reason, for the rep.
  website_unreadable: { status: 422, message: 'The website could not be read.' },
  website_reader_off: {
    status: 503,
    message: 'This server does not read websites. Fill in the details by hand.',
  },
  website_reads_limited: {
    status: 429,
    message: 'You have read many websites in a short time. Please try again in a few minutes.',
  },
  logo_not_found: { status: 404, message: 'No logo here.' },
  // Engagement (core/engagement.ts). A malformed batch is a bug in the page's reporter; nobody reads it.
  events_invalid: { status: 400, message: 'The activity report is not valid.' },
  // Server-to-server routes: the voice platform's webhook and the nudges' drain.
  /** A missing or wrong shared secret (`X-Vapi-Secret`, or the drain route's bearer token). */
  unauthorized: { status: 401, message: 'Missing or wrong credentials.' },
  /** `VAPI_WEBHOOK_SECRET` is not set, so no report can be authenticated. */
  webhook_not_configured: { status: 503, message: 'This webhook is not configured on the server.' },
} as const

export type ErrorCode = keyof typeof catalog
export type ErrorStatus = (typeof catalog)[ErrorCode]['status']

/** One bad row of a CSV import: the file's line number and what is wrong with the row. */
export interface RowProblem {
  line: number
  message: string
}

/** Form errors: one message per field name. */
export type FieldMessages = Readonly<Record<string, string>>

export interface AppErrorOptions extends ErrorOptions {
  /** Seconds until a retry can succeed; sent as `Retry-After` (limits, mostly). */
  retryAfterSeconds?: number | undefined
  /** Replaces the catalogue's message when the message needs details (for example a slug). */
  message?: string
  /** Sent as the body's `fields` (`prospect_invalid`). */
  fields?: FieldMessages | undefined
  /** Sent as the body's `problems` (`import_invalid`). */
  problems?: readonly RowProblem[] | undefined
}

/**
 * The one error type the server raises and the site builds by code: the catalogue gives its status
 * and default message. Browsers read answers back as its base, `RequestFailure` (core/api-error.ts).
 */
export class AppError extends RequestFailure {
  override readonly name = 'AppError'
  declare readonly status: ErrorStatus
  readonly retryAfterSeconds: number | undefined
  readonly fields: FieldMessages | undefined
  readonly problems: readonly RowProblem[] | undefined

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(code, options.message ?? catalog[code].message, catalog[code].status, options)
    this.retryAfterSeconds = options.retryAfterSeconds
    this.fields = options.fields
    this.problems = options.problems
  }
}

/**
 * The JSON body every API error uses. `fields` and `problems` appear only on the codes that carry
 * them (a form's errors, a CSV's bad rows); callers that read `code` and `message` need nothing else.
 */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: FieldMessages; problems?: RowProblem[] }
}

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(catalog, value)
