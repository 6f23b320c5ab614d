import type { Hono } from 'hono'
import { CSRF_HEADER, REP_API_PATH, type RepRole, type SessionResponse } from '#core/rep-api.ts'
import { createApp } from '../app.ts'
import type { RunInBackground } from '../common/background-work.ts'
import { createClientIpReader } from '../common/client-ip.ts'
import { callFunction, type Db, type ProspectRow } from '../data/database.ts'
import type { WebhookSettings } from '../hooks/webhook-settings.ts'
import type { MailQueue } from '../mail/mail-queue.ts'
import { createPasswordHasher, type PasswordHasher } from '../reps/passwords.ts'
import { addRep } from '../reps/rep-accounts.ts'
import type { RepPhotoEncoder, WebsiteReaderDeps } from '../reps/rep-settings.ts'
import { createToken, hashToken } from '../reps/tokens.ts'
import type { TestBackend } from './test-backend.ts'

/** The header the tests' app trusts for the client's address, so a test can be anyone. */
export const TEST_ADDRESS_HEADER = 'x-test-client-address'
export const TEST_PASSWORD = 'correct horse battery staple'

/** Writes prospects as `npm run prospects -- import` does: one `upsert_prospects` call with no rep. */
export async function importAsCommandLine(db: Db, rows: readonly ProspectRow[]): Promise<void> {
  await callFunction(db, 'upsert_prospects', { prospects: rows })
}

/** Writes prospects as a rep's import does, in one `upsert_prospects` call: owned and stamped by the rep. */
export async function importAsRep(db: Db, rows: readonly ProspectRow[], repId: string): Promise<void> {
  await callFunction(db, 'upsert_prospects', { prospects: rows, rep_id: repId })
}

/** A clock the test moves by hand: sessions, links and limits read it, nothing sleeps. */
export interface TestClock {
  now(): Date
  advance(seconds: number): void
}

export function createTestClock(start = new Date('2027-01-04T09:00:00Z')): TestClock {
  let at = start.getTime()
  return {
    now: () => new Date(at),
    advance(seconds) {
      at += seconds * 1000
    },
  }
}

/** A signed-in browser: its cookie header and its session's CSRF token. */
export interface TestSession {
  cookie: string
  csrfToken: string
  rep: SessionResponse['rep']
}

export interface RepTestApp {
  app: Hono
  clock: TestClock
  /** A rep, with `password` set through its one-time link unless it is null; `token` is that link's. */
  addRep(email: string, role?: RepRole, password?: string | null): Promise<{ id: string; token: string }>
  signIn(email: string, password?: string): Promise<TestSession>
  /** A request to `/api/reps{path}`, as `session`'s browser when given (cookie, and CSRF token on changes). */
  request(path: string, init?: RequestInit & { session?: TestSession | null }): Promise<Response>
}

export interface RepTestOptions {
  siteUrl?: string | null
  /** As `TRUSTED_PROXY_HEADER` set: the request's `X-Forwarded-Proto` is believed. */
  trustedProxy?: boolean
  passwords?: PasswordHasher
  /** In place of the backend's database: a test's wrapper that holds or fails some calls. */
  db?: Db
  /** Where an import writes after its answer; by default this process, as on the Node server. */
  runInBackground?: RunInBackground
  /** The website reader; absent, as on the edge function (reading answers 503). */
  websiteReader?: WebsiteReaderDeps
  /** Making uploads photos; absent, as on the edge function (an upload answers 503). */
  repPhotos?: RepPhotoEncoder
  /** `CALENDLY_URL`: a rep's scheduling link may also be on its host. */
  teamSchedulingUrl?: string | null
  /** Mail (`SMTP_URL`); absent, as without it: links are passed on by hand. */
  mail?: MailQueue
  /** The outgoing webhooks' routes; absent, as on the edge function (404). */
  webhooks?: WebhookSettings
}

/** scrypt at 1/32 of the production cost: the same code and format, milliseconds per hash. */
export const TEST_SCRYPT_COST = { N: 2 ** 10, r: 8, p: 1 }

/**
 * The app with the reps' API on a test backend: a hand-moved clock, scrypt at a cost that keeps the
 * tests fast (the format and code are the production ones), and the client address read from
 * TEST_ADDRESS_HEADER.
 */
export function createRepTestApp(backend: TestBackend, options: RepTestOptions = {}): RepTestApp {
  const clock = createTestClock()
  const app = createApp({
    ...backend.deps,
    db: options.db ?? backend.deps.db,
    runInBackground: options.runInBackground,
    websiteReader: options.websiteReader,
    repPhotos: options.repPhotos,
    webhooks: options.webhooks,
    clientIp: createClientIpReader(TEST_ADDRESS_HEADER),
    reps: {
      hashSecret: 'test-rep-hash-secret-0123456789abcdef',
      siteUrl: options.siteUrl ?? null,
      trustedProxy: options.trustedProxy ?? false,
      now: clock.now,
      passwords: options.passwords ?? createPasswordHasher(TEST_SCRYPT_COST),
      teamSchedulingUrl: options.teamSchedulingUrl ?? null,
      mail: options.mail,
    },
  })
  const request: RepTestApp['request'] = async (path, { session, ...init } = {}) => {
    const headers = new Headers(init.headers)
    if (session) {
      headers.set('Cookie', session.cookie)
      if (!headers.has(CSRF_HEADER)) headers.set(CSRF_HEADER, session.csrfToken)
    }
    return app.request(`http://127.0.0.1${REP_API_PATH}${path}`, { ...init, headers })
  }
  const sessionOf = async (res: Response): Promise<TestSession> => {
    if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${await res.text()}`)
    const body = (await res.json()) as SessionResponse
    const cookie = (res.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
    return { cookie, csrfToken: body.csrfToken, rep: body.rep }
  }
  const postJson = (path: string, body: unknown) =>
    request(path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json' },
    })
  return {
    app,
    clock,
    async addRep(email, role = 'rep', password = TEST_PASSWORD) {
      const token = createToken()
      const at = clock.now()
      const link = { tokenHash: hashToken(token), at, expiresAt: new Date(at.getTime() + 86_400_000) }
      const { rep } = await addRep(backend.deps.db, email, role, link)
      if (password !== null) await sessionOf(await postJson('/password', { token, password }))
      return { id: rep.id, token }
    },
    signIn: async (email, password = TEST_PASSWORD) =>
      sessionOf(await postJson('/session', { email, password })),
    request,
  }
}
