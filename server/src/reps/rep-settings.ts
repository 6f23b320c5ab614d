import type { AgentTemplateSet } from '#core/agent.ts'
import type { WebsiteReading } from '#core/website-reading.ts'
import type { RunInBackground } from '../common/background-work.ts'
import type { ClientIpReader } from '../common/client-ip.ts'
import type { Db } from '../data/database.ts'
import type { ImportJobStatus } from '../data/import-job-database.ts'
import type { Logger } from '../logging/rate-limited-logger.ts'
import type { MailQueue } from '../mail/mail-queue.ts'
import type { PasswordHasher } from './passwords.ts'

/** A session ends after this long without a request (a working day and a half)… */
export const SESSION_IDLE_SECONDS = 12 * 60 * 60
/** …and this long after sign-in, used or not: a stolen cookie works a week at most. */
export const SESSION_MAX_SECONDS = 7 * 24 * 60 * 60
/** A one-time link to set a password works this long. */
export const PASSWORD_LINK_SECONDS = 24 * 60 * 60
/**
 * A "Forgot your password?" link works this long: anyone may ask for one in a rep's name, so it lives
 * an hour, long enough to open the mail, short enough that an old inbox holds no live link.
 */
export const PASSWORD_RESET_LINK_SECONDS = 60 * 60

/**
 * Sign-in failures allowed per window: per account, few enough that guessing a 12-character password
 * is hopeless and a rep who mistypes is not locked out for long; per address, enough for an office
 * behind one address, few enough to slow one guesser trying many accounts.
 */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60
export const SIGN_IN_FAILURES_PER_EMAIL = 10
export const SIGN_IN_FAILURES_PER_ADDRESS = 50

/** What the server gives the reps' API (from its config). */
export interface RepSettings {
  /** Keys the HMACs of sign-in emails and addresses (the server's CALL_HASH_SECRET or derived one). */
  hashSecret: string
  /** `SITE_URL`: the pages' origin, also accepted as a request's `Origin`, and the links' base. */
  siteUrl: string | null
  /**
   * Whether a proxy in front of the server is trusted (`TRUSTED_PROXY_HEADER` set): its
   * `X-Forwarded-Proto` then says whether the browser came over https, for the cookie's `Secure`.
   */
  trustedProxy: boolean
  /** The clock of sessions, links and limits; tests set it. */
  now?: () => Date
  /** scrypt by default; tests pass a cheaper cost. */
  passwords?: PasswordHasher
  /**
   * The team's scheduling link (`CALENDLY_URL`), or null: a rep's own link may also be on its host,
   * besides calendly.com.
   */
  teamSchedulingUrl?: string | null
  /**
   * Mail (`SMTP_URL`): invitations, new links and "Forgot your password?" links are emailed. Absent or
   * off, the admin passes each link on by hand and a rep who forgot their password asks an admin.
   */
  mail?: MailQueue | undefined
}

/** A rep's photo as we keep it (rep-photo.ts makes it, on Node only: it needs sharp). */
export interface RepPhoto {
  id: string
  bytes: Uint8Array
  width: number
  height: number
}

/** Turns an uploaded picture into the photo we keep; null when it is not a picture we can read. */
export type RepPhotoEncoder = (upload: Uint8Array) => Promise<RepPhoto | null>

/**
 * An import that ended, as an operator's log line tells it: the job, how many rows and what became
 * of them, how long the write took. Nothing of the rows themselves (names, numbers, addresses).
 */
export interface ImportFinished {
  jobId: string
  /** The request that sent the file (its X-Request-Id). */
  requestId: string | undefined
  /** `done`, or `failed` (nothing written); `running` when another server settled it meanwhile. */
  status: ImportJobStatus
  rows: number
  inserted?: number
  updated?: number
  unchanged?: number
  ms: number
}

/** Everything the reps' routes use. */
export interface RepApiDeps {
  db: Db
  /** The agent templates a prospect may name; the form lists them, saves and imports are checked against them. */
  templates: AgentTemplateSet
  clientIp: ClientIpReader
  settings: RepSettings
  /** Where an import writes after its answer: this process on Node, the edge's own way there. */
  runInBackground: RunInBackground
  /** Where an import that failed in the background is told. */
  logger: Logger
  /** Told as each import written in the background ends (the server's log line). */
  onImportFinished?: ((finished: ImportFinished) => void) | undefined
  /** Making a rep's upload their photo; absent (the edge function), an upload answers 503. */
  photos?: RepPhotoEncoder | undefined
  /** Reading prospects' websites; absent (the edge function), reading answers 503. */
  websiteReader?: WebsiteReaderDeps | undefined
}

/** The server's website reader, as the reps' routes use it (the Node server's website/website-reader.ts). */
export interface WebsiteReaderDeps {
  /** Reads a site now; throws AppError `website_unreadable` with the reason for the rep. */
  read(website: string, signal?: AbortSignal): Promise<WebsiteReading>
  /** "Fill from website" readings per rep per hour. */
  perRepHourly: number
  /** Readings were queued (an import's, a retry): the server's queue takes them now. */
  onQueued?: (() => void) | undefined
}
