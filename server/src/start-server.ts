import { once } from 'node:events'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { createAppDeps } from './app-deps.ts'
import { loadAgentTemplates } from './common/agent-template-files.ts'
import { createProcessBackground } from './common/background-work.ts'
import { deriveCallHashSecret } from './common/keyed-hash.ts'
import { getSiteOrigin } from './common/site-origin.ts'
import type { ServerConfig } from './config.ts'
import {
  getCallRecordUpkeep,
  startCallRecordUpkeep,
  VACUUM_CALL_RECORDS_SQL,
} from './data/call-record-upkeep.ts'
import { callFunction } from './data/database.ts'
import { settleInterruptedImports } from './data/import-jobs.ts'
import { type DatabaseSocket, explainNoSocket, serveDatabaseSocket } from './db/database-socket.ts'
import { startDatabaseThread } from './db/database-thread.ts'
import { loadOrCreateLocalSecret, SECRET_FILE } from './db/local-secret.ts'
import { listMigrations } from './db/migrate.ts'
import { type Backend, DEFAULT_DATA_DIR, openBackend } from './db/open-backend.ts'
import type { OpenEmbeddedOptions } from './db/open-embedded-database.ts'
import type { MigrationProgress } from './db/prepare-database.ts'
import { ensurePrivateDataDir, refuseForeignOwner } from './db/private-data-dir.ts'
import { type StartPhase, startingRoutes } from './health/health-routes.ts'
import { startWebhookDelivery } from './hooks/start-webhook-delivery.ts'
import { PUBLIC_ONLY, type WebhookAddressRule } from './hooks/webhook-address.ts'
import { WEBHOOK_TIMEOUT_MS, type WebhookSettings } from './hooks/webhook-settings.ts'
import { type AppLogger, toErrorSink } from './logging/logger.ts'
import { type MailDelivery, startMailDelivery } from './mail/start-mail-delivery.ts'
import { createMetrics, measureDatabase } from './metrics/metrics.ts'
import { startNudgeDelivery } from './notify/start-nudge-delivery.ts'
import { drawPreviewPicture } from './preview/draw-preview.ts'
import { ENGAGEMENT_RULES } from './reps/activity-rules.ts'
import { openFirstAdminSetup } from './reps/first-admin.ts'
import { encodeRepPhoto } from './reps/rep-photo.ts'
import { encodePage } from './static/encoded-files.ts'
import { mountStaticFiles, type StaticDirs } from './static/static-files.ts'
import { startWebsiteReadQueue } from './website/website-read-queue.ts'
import { createWebsiteReader } from './website/website-reader.ts'

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))

export const DEFAULT_STATIC_DIRS: StaticDirs = {
  siteDir: join(REPO_ROOT, 'dist', 'site'),
  widgetDir: join(REPO_ROOT, 'dist', 'widget'),
  embedDemoDir: join(REPO_ROOT, 'embed-demo'),
  ssrDir: join(REPO_ROOT, 'dist', '.site-ssr'),
  wordpressDir: join(REPO_ROOT, 'dist', 'wordpress'),
}

export interface RunningServer {
  /** `http://HOST:PORT` with the real port, also when PORT was 0. */
  url: string
  /** The address people are given (common/site-origin.ts): SITE_URL, else `url`. */
  origin: string
  /** While no enabled admin exists: the one-time link that makes the first one; else null. */
  setupUrl: string | null
  /** What the operator should know that does not stop the server, one sentence each. */
  notes: string[]
  /**
   * The start's check of the SMTP server (it never holds up readiness): null when mail is on or not
   * set, else why mail is off. Absent without SMTP_URL.
   */
  mailCheck: Promise<string | null> | null
  /** Where the data lives: the embedded data directory or the hosted project URL. */
  database: string
  /**
   * Starts draining: /readyz answers 503 `draining` and every answer says `Connection: close`, while
   * requests are still served (health/draining.ts). close() drains too.
   */
  drain(): void
  /**
   * Stops accepting requests, lets in-flight ones finish (for `inFlightMs` at most), then hands back
   * the outbox's work, closes the database and releases its lock. Safe to call twice.
   */
  close(): Promise<void>
  /** Drops every connection now (a shutdown's deadline). */
  dropConnections(): void
}

/** How the server holds its connections and stops. */
export interface ServerLifecycle {
  /** Concurrent connections accepted at most (more are refused at once); default: no cap. */
  maxConnections?: number
  /** How long close() lets in-flight requests finish before it drops their connections. Default 1 s. */
  inFlightMs?: number
}

/** The backend for the server: the database, and the secret that keys its hashes. */
async function openServerBackend(
  config: ServerConfig,
  embeddedOptions: OpenEmbeddedOptions,
  log: AppLogger | undefined,
  progress: MigrationProgress,
) {
  const { database } = config
  // On PostgreSQL without CALL_HASH_SECRET, the key comes from a data directory of this server's own,
  // as on the embedded database: a newcomer's DATABASE_URL alone starts. Made before the database is
  // opened, so a data directory that cannot be ours stops the start before anything is written.
  const localSecret =
    database.kind === 'postgres' && config.callHashSecret === null
      ? loadOrCreateServerSecret(resolve(config.dataDir ?? DEFAULT_DATA_DIR))
      : null
  const backend = await openBackend(database, {
    progress,
    // The embedded database works in a thread of its own, beside the one that serves requests.
    embedded: {
      createDatabase: startDatabaseThread,
      reopenAfterCreating: true,
      // A new database made by initdb rather than from the build's image peaks several hundred MB
      // higher: the operator of a small machine learns why from this line.
      onCreate: (how) => {
        if (how.image !== null) log?.info({ image: how.image }, 'database created from the prepared image')
        else
          log?.warn(
            { reason: how.reason },
            'database created by initdb, which needs several hundred MB more than the prepared image',
          )
      },
      ...embeddedOptions,
    },
  })
  const { embedded } = backend
  const callHashSecret =
    config.callHashSecret ?? (await deriveCallHashSecret(embedded?.secret ?? localSecret?.secret ?? ''))
  // The embedded database runs no autovacuum: the upkeep gives deleted rows' space back itself.
  const vacuum = embedded ? () => embedded.db.exec(VACUUM_CALL_RECORDS_SQL) : undefined
  const notes = localSecret
    ? [
        `CALL_HASH_SECRET is not set: the key of the stored hashes and visit tokens comes from ${localSecret.path}. ` +
          'Set CALL_HASH_SECRET, the same on every server, before several servers share this database.',
      ]
    : []
  return { ...backend, callHashSecret, vacuum, notes }
}

/** The local secret in `dir` (made private first, refused when another account owns it). */
function loadOrCreateServerSecret(dir: string): { secret: string; path: string } {
  ensurePrivateDataDir(dir)
  const path = join(dir, SECRET_FILE)
  refuseForeignOwner(path)
  return { secret: loadOrCreateLocalSecret(dir), path }
}

/** How the server reports itself: its log lines and its Prometheus metrics. */
export interface ObserveOptions {
  /** One line per request and per event worth one; absent, failures go to `console` as before. */
  logger?: AppLogger | undefined
  /** METRICS_TOKEN: `/metrics` answers a scrape carrying it; absent or null, `/metrics` is off. */
  metricsToken?: string | null | undefined
  /** Node's process metrics beside the product's; default on. */
  processMetrics?: boolean | undefined
}

/**
 * What only tests change, never a setting: where outgoing webhooks may be delivered (a loopback
 * receiver's host:port). The product posts to the public internet only, whatever its config says.
 */
export interface TestWiring {
  webhookRule?: WebhookAddressRule
  /** Called with the server's address as soon as it listens, while it still starts. */
  listening?: (url: string) => void
}

/**
 * Opens the database and serves the site, the widget, the embed demos and the API on one port.
 * `embedded` replaces what opening the embedded database touches on disk (tests); `options`, the
 * server's logger and metrics, and what only tests wire.
 */
export async function startServer(
  config: ServerConfig,
  dirs: StaticDirs = DEFAULT_STATIC_DIRS,
  embedded: OpenEmbeddedOptions = {},
  options: TestWiring & ObserveOptions & ServerLifecycle = {},
): Promise<RunningServer> {
  const log = options.logger
  // Background work's failures: lines of the server's log when it has one.
  const console = log
    ? { ...globalThis.console, error: toErrorSink(log).error, warn: toWarnSink(log) }
    : globalThis.console
  // A bad template stops the start here, naming it, before the database is touched.
  const templates = await loadAgentTemplates(config.agentTemplatesDir ?? undefined)
  // It listens before it opens and migrates the database: until it serves, /readyz answers 503 with
  // what it is doing (health-routes.ts), so a proxy or an orchestrator can tell a server starting
  // (a first start creates the database; a release may bring migrations) from one that is gone.
  let phase: StartPhase = 'starting'
  const starting = startingRoutes(() => phase)
  let answer: (request: Request, env: object) => Response | Promise<Response> = (request) =>
    starting.fetch(request)
  let draining = false
  const server = serve({
    fetch: (request, env) => answer(request, env),
    port: config.port,
    hostname: config.host,
  })
  // A proxy that opens thousands of connections is refused beyond the cap, and the server keeps
  // answering the ones it holds (its probes included), instead of running out of memory or files.
  if (options.maxConnections !== undefined) server.maxConnections = options.maxConnections
  // While draining, each answer ends its keep-alive connection, so the proxy opens its next one to a
  // server that stays. Set before the app's (asynchronous) handler writes the head.
  server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (draining && !response.headersSent) response.setHeader('Connection', 'close')
  })
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  const url = `http://${host}:${port}`
  options.listening?.(url)
  const dropConnections = () => {
    if ('closeAllConnections' in server) server.closeAllConnections()
  }
  let backend: Awaited<ReturnType<typeof openServerBackend>>
  try {
    backend = await openServerBackend(config, embedded, log, {
      migrating: (pending) => {
        phase = 'migrating'
        log?.info({ pending }, 'applying migrations')
      },
      migrated: (versions, ms) => {
        phase = 'starting'
        log?.info({ count: versions.length, newest: versions.at(-1), ms }, 'migrations applied')
      },
    })
  } catch (error) {
    await stopListening(server, dropConnections)
    throw error
  }
  const upkeep = startCallRecordUpkeep({
    db: backend.db,
    upkeep: getCallRecordUpkeep(config),
    logger: console,
    ...(backend.vacuum ? { vacuum: backend.vacuum } : {}),
  })
  // The embedded database is this process's alone: settle what a crash left pending before the first
  // request can meet it. A hosted database may be slow or away; its first round runs in the background.
  if (config.database.kind === 'embedded') {
    await upkeep.first
    // Imports this process was writing when it stopped can never end now: failed at once, not in 5 minutes.
    await settleInterruptedImports(backend.db, new Date())
  }
  // Whether this team has a chat for nudges: without one, the database writes a chat nudge settled
  // (the dedupe window's record) and only the reps who chose email get it. In the background, as a
  // hosted database may be slow or away (a failure is logged; the last value recorded stands).
  callFunction(backend.db, 'set_nudge_channels', { chat: config.notify.webhookUrl !== null }).catch(
    (error: unknown) => console.error('[nudges] could not record whether the team has a chat:', error),
  )
  // The reps' funnel reads each prospect's stage times, which the database keeps once they are built
  // with the rules this server runs with: built now, in the background (seconds at 100,000 prospects,
  // once per change of the rules), rather than by the first rep who opens Activity.
  callFunction(backend.db, 'ensure_stage_times', { rules: ENGAGEMENT_RULES }).catch((error: unknown) =>
    console.error("[funnel] could not build the prospects' stage times:", error),
  )
  // A nudge links to the prospect's page for reps at the site's origin (common/site-origin.ts), which
  // without SITE_URL is where this server listens: set below as soon as it listens, before it has
  // answered any request that could queue a nudge.
  let listeningOrigin: string | null = null
  const metricsToken = options.metricsToken ?? null
  const metrics =
    metricsToken === null
      ? undefined
      : createMetrics({ db: backend.db, processMetrics: options.processMetrics ?? true })
  const db = metrics ? measureDatabase(backend.db, metrics) : backend.db
  const deps = createAppDeps(config, { ...backend, db, templates }, () => listeningOrigin)
  // Nudges queued before a crash go out now; new ones as soon as a request queues them.
  const nudges = startNudgeDelivery({
    db: backend.db,
    settings: deps.nudges,
    logger: console,
    exclusive: config.database.kind === 'embedded',
  })
  // Mail queued before a stop goes out once the SMTP server has taken the password (checked in the background).
  const mailQueue = deps.reps?.mail
  const mail: MailDelivery | null =
    config.mail && mailQueue
      ? startMailDelivery({
          db: backend.db,
          config: config.mail,
          queue: mailQueue,
          logger: console,
          exclusive: config.database.kind === 'embedded',
        })
      : null
  // The team's outgoing webhooks: what facts queued (in the database, from any server or the edge
  // function) is delivered by this server in the background once it listens (each delivery links to
  // the prospect's pages on its origin), and at once after "Send a test".
  const webhookSettings: WebhookSettings = {
    rule: options.webhookRule ?? PUBLIC_ONLY,
    siteOrigin: () => listeningOrigin,
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    now: () => new Date(),
  }
  // Prospects' websites queued for reading (an import's rows, a retry) are read by this server in the
  // background; several servers share the queue (each reading is leased to one).
  const websiteReads = startWebsiteReadQueue({
    db: backend.db,
    templates,
    settings: config.websiteReader,
    logger: console,
  })
  // The newest migration this code has: the database holds it once the start got here (it migrates first).
  const latestMigration = (await listMigrations()).at(-1)?.version ?? null
  const background = createProcessBackground()
  let closing: Promise<void> | undefined
  const app = createApp({
    ...deps,
    logger: console,
    metrics,
    metricsToken,
    requestLog: log,
    encodeBody: encodePage,
    onNudgeQueued: nudges?.poke,
    runInBackground: background.run,
    repPhotos: encodeRepPhoto,
    health: {
      draining: () => draining,
      expectedMigration: latestMigration,
    },
    previewPictures: drawPreviewPicture,
    webhooks: webhookSettings,
    websiteReader: createWebsiteReader({
      db: backend.db,
      templates,
      settings: config.websiteReader,
      logger: console,
      onQueued: websiteReads.wake,
    }),
  })
  mountStaticFiles(app, dirs, config, deps.prospectAnswers, { prospectPictures: true })
  // From here on the app answers everything, the probes included.
  answer = (request, env) => app.fetch(request, env)
  log?.info(
    { port, database: config.database.kind, migration: latestMigration, metrics: metrics !== undefined },
    'server started',
  )
  const origin = getSiteOrigin({ siteUrl: config.siteUrl, host: config.host, port })
  listeningOrigin = origin
  const webhooks = startWebhookDelivery({
    db: backend.db,
    settings: webhookSettings,
    logger: console,
    exclusive: config.database.kind === 'embedded',
  })
  webhookSettings.onQueued = webhooks.poke
  const notes = [...backend.notes]
  const socket = backend.embedded ? await openCommandSocket(backend.embedded, origin, notes) : null
  const setupUrl = await openFirstAdminSetup(backend.db, origin).catch((error: unknown) => {
    notes.push(`Could not check whether an admin exists (${messageOf(error)}): npm run reps -- list tells.`)
    return null
  })
  const close = () => {
    draining = true
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve())
      // Idle keep-alive connections would hold close() open for seconds; busy ones get their time
      // (each ends after its answer, which says Connection: close).
      if ('closeIdleConnections' in server) {
        server.closeIdleConnections()
        setTimeout(dropConnections, options.inFlightMs ?? 1000).unref()
      }
    }).then(async () => {
      // A command's statement under way is answered before the database closes.
      await socket?.close()
      // An import being written ends first (done, or failed with nothing written), so no rep is left
      // with a job that only the stale time will settle.
      await background.settled()
      await websiteReads.stop()
      await mail?.stop()
      await webhooks.stop()
      await nudges?.stop()
      await upkeep.stop()
      await backend.close()
    })
    return closing
  }
  return {
    url,
    origin,
    setupUrl,
    notes,
    mailCheck: mail?.checked ?? null,
    database: backend.location,
    drain: () => {
      draining = true
    },
    close,
    dropConnections,
  }
}

/**
 * The socket through which this machine's commands reach the embedded database the server holds
 * (db/database-socket.ts); null, with a note saying why, where it cannot be made. The server serves
 * all the same: only the commands then need it stopped.
 */
async function openCommandSocket(
  embedded: NonNullable<Backend['embedded']>,
  origin: string,
  notes: string[],
): Promise<DatabaseSocket | null> {
  const unable = (why: string) => {
    notes.push(`npm run reps and npm run prospects cannot reach this server (${why}): stop it to run them.`)
    return null
  }
  const problem = explainNoSocket(embedded.dataDir)
  if (problem !== null) return unable(problem)
  return serveDatabaseSocket(embedded.dataDir, embedded.db, origin).catch((error: unknown) =>
    unable(`its socket could not be opened: ${messageOf(error)}`),
  )
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** `console.warn`'s calls as warn lines of the log. */
function toWarnSink(log: AppLogger): (...args: unknown[]) => void {
  return (...args) =>
    log.warn(args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' '))
}

/** Closes a server that started listening but could not start (its connections dropped). */
async function stopListening(server: ReturnType<typeof serve>, dropConnections: () => void): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  dropConnections()
  await closed
}
