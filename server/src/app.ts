import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { cors } from 'hono/cors'
import type { AgentTemplateSet } from '#core/agent.ts'
import { DEMO_ACTIONS_PATH } from '#core/demo-actions.ts'
import { EMBED_API_PATH } from '#core/embed-keys.ts'
import { AppError, type ErrorBody } from '#core/errors.ts'
import { PHONE_CALL_PATH } from '#core/phone-call.ts'
import type { PublicConfig } from '#core/public-config.ts'
import { REP_API_PATH } from '#core/rep-api.ts'
import { VIDEO_CONVERSATIONS_PATH } from '#core/video-call.ts'
import { LOGO_PATH } from '#core/website-reading.ts'
import { phoneCallRoutes } from './calls/phone-call-routes.ts'
import type { AskedNudgeSettings, PhoneCallSettings } from './calls/place-phone-call.ts'
import { type RunInBackground, runInProcess } from './common/background-work.ts'
import { type ClientIpReader, createClientIpReader } from './common/client-ip.ts'
import { rejectControlCharacters } from './common/control-characters.ts'
import { sizedJson } from './common/sized-json.ts'
import type { Db } from './data/database.ts'
import { createProspectAnswers, type ProspectAnswers } from './data/prospect-answers.ts'
import { loadWebsiteImage } from './data/website-images.ts'
import { answerToolCalls } from './demo/answer-tool-calls.ts'
import { createDemoActionSignal, demoActionRoutes } from './demo/demo-action-routes.ts'
import { DEFAULT_DEMO_TIME_ZONE, DEMO_SETTINGS_DEFAULTS, type DemoSettings } from './demo/demo-settings.ts'
import { EDGE_PAGES_PATH } from './edge-pages.ts'
import { eventRoutes } from './events/event-routes.ts'
import type { EventSettings } from './events/event-settings.ts'
import { SCHEDULER_WEBHOOK_PATH, schedulerWebhookRoutes } from './events/scheduler-webhook.ts'
import { type HealthSettings, healthRoutes } from './health/health-routes.ts'
import { webhookRoutes } from './hooks/webhook-routes.ts'
import type { WebhookSettings } from './hooks/webhook-settings.ts'
import type { AppLogger } from './logging/logger.ts'
import { createRateLimitedLogger, type Logger } from './logging/rate-limited-logger.ts'
import { observeRequests } from './logging/request-log.ts'
import { countCalls } from './metrics/count-calls.ts'
import type { Metrics } from './metrics/metrics.ts'
import { metricsRoutes } from './metrics/metrics-routes.ts'
import { DRAIN_PATH, drainRoutes } from './notify/drain-route.ts'
import { getNudgeLink, MIN_TALKED_SECONDS, type NudgeSettings } from './notify/nudge-settings.ts'
import { previewRoutes } from './preview/preview-routes.ts'
import type { DrawPreviewPicture } from './preview/preview-words.ts'
import { embedRoutes } from './reps/embed-key-routes.ts'
import { repRoutes } from './reps/rep-routes.ts'
import type { RepApiDeps, RepPhotoEncoder, RepSettings, WebsiteReaderDeps } from './reps/rep-settings.ts'
import { configRoutes } from './routes/config.ts'
import { getDemoFeatures, prospectRoutes } from './routes/prospects.ts'
import type { EncodeBody } from './static/encoded-file.ts'
import type { VideoCallSettings } from './video/start-video-conversation.ts'
import { videoConversationRoutes } from './video/video-call-routes.ts'
import {
  type TalkedNudgeSettings,
  VAPI_WEBHOOK_PATH,
  vapiWebhookRoutes,
} from './webhooks/vapi-webhook-routes.ts'
import { logoRoutes } from './website/logo-routes.ts'

export interface AppDeps {
  /** The database: PostgreSQL, or the embedded one. */
  db: Db
  /** The agent templates every prospect's agent is rendered with when it is served. */
  templates: AgentTemplateSet
  publicConfig: PublicConfig
  /** Where server-side failures are reported, once each, and each message at most once a minute. */
  logger?: Logger
  /** Outbound phone calls; absent, or without Vapi settings, answers `phone_not_configured`. */
  phoneCalls?: PhoneCallSettings | undefined
  /** Video support calls; absent, or without a platform, answers `video_not_configured`. */
  videoCalls?: VideoCallSettings | undefined
  /** The client's address for limits; by default the socket's (no proxy header trusted). */
  clientIp?: ClientIpReader
  /** Rendered prospect pages at `/api/pages/{slug}` (the edge function's; the Node server serves `/{slug}`). */
  prospectPages?: Hono | undefined
  /** Compresses an answer sent many times once (the Node server: zlib); absent, the app compresses each response. */
  encodeBody?: EncodeBody | undefined
  /** Prospect reads, remembered briefly; the server shares one with its pages. Made here when absent. */
  prospectAnswers?: ProspectAnswers | undefined
  /** The sales reps' API (`/api/reps`); absent, those paths answer 404. */
  reps?: RepSettings | undefined
  /** `VAPI_WEBHOOK_SECRET` for end-of-call reports; absent or null, `/api/webhooks/vapi` answers 503. */
  vapiWebhookSecret?: string | null | undefined
  /** The reps' nudges: queued by end-of-call reports and events, delivered by a drain. */
  nudges?: NudgeSettings | undefined
  /** Called after a request queued a nudge, so the server's drainer sends it at once. */
  onNudgeQueued?: (() => void) | undefined
  /** Where work a request does not wait for runs (an import's writing); absent, in this process. */
  runInBackground?: RunInBackground | undefined
  /** The browser's engagement events (`POST /api/events`); absent, that path answers 404. */
  events?: EventSettings | undefined
  /** Reading prospects' websites (the Node server); absent, the reps' reading answers 503. */
  websiteReader?: WebsiteReaderDeps | undefined
  /** The demo agent's tools (answered through the voice platform's webhook); absent, the defaults. */
  demo?: Partial<DemoSettings> | undefined
  /** Making a rep's upload their photo (the Node server: sharp); absent, an upload answers 503. */
  repPhotos?: RepPhotoEncoder | undefined
  /** What `/readyz` asks beyond the database; absent: never draining, migrations not compared. */
  health?: HealthSettings | undefined
  /**
   * Drawing prospects' link-preview pictures at `/{slug}/preview.png` (the Node server: sharp);
   * absent (the edge function), that path is not answered here and pages name the generic picture.
   */
  previewPictures?: DrawPreviewPicture | undefined
  /**
   * The team's outgoing webhooks (`/api/reps/webhooks`, admins only; the Node server, which delivers
   * them); absent, those paths answer 404. Facts queue deliveries in the database either way.
   */
  webhooks?: WebhookSettings | undefined
  /** Prometheus metrics, counted by the app; absent, nothing is counted and `/metrics` answers 404. */
  metrics?: Metrics | undefined
  /** METRICS_TOKEN: the Bearer token a scrape of `/metrics` must carry; null or absent, `/metrics` is off. */
  metricsToken?: string | null | undefined
  /** One line per request (the Node server's pino logger); absent, no request lines. */
  requestLog?: AppLogger | undefined
}

/** The API as a Web-standard app: the same code serves Node locally and the edge in production. */
export function createApp(deps: AppDeps): Hono {
  const logger = createRateLimitedLogger(deps.logger ?? console)
  const clientIp = deps.clientIp ?? createClientIpReader(null)
  const app = new Hono()
  // First, so each answer carries its request id and every request is counted and logged once.
  app.use(observeRequests({ logger: deps.requestLog, metrics: deps.metrics }))
  // Text over slow mobile links: the landing page's JS shrinks from ~270 KB to ~85 KB with gzip.
  app.use(compress())
  // Inside the compression: JSON answers get their length, so the small ones are not compressed.
  app.use(sizedJson())
  // Partner pages call the API from their own origins, hence `*`. No cookies or credentials are
  // involved; the one POST is guarded by validation and limits, not by origin. The reps' API
  // (REP_API_PATH) gets no CORS headers at all: its cookie session answers our own pages only, so
  // another origin's script can neither read its answers nor send it credentials.
  const publicCors = cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    allowHeaders: ['Content-Type'],
  })
  app.use('/api/*', (c, next) => (isPrivatePath(c.req.path) ? next() : publicCors(c, next)))
  // Answers are JSON and must never be read as a script or a page, whatever a browser guesses.
  app.use('/api/*', async (c, next) => {
    await next()
    c.header('X-Content-Type-Options', 'nosniff')
  })
  app.use('/api/*', rejectControlCharacters)
  const answers =
    deps.prospectAnswers ??
    createProspectAnswers({
      db: deps.db,
      templates: deps.templates,
      features: (prospect) => getDemoFeatures(prospect, deps),
    })
  app.route('/api/prospects', prospectRoutes(answers, deps.encodeBody))
  app.route('/api/config', configRoutes(deps))
  app.route(LOGO_PATH, logoRoutes(deps.db))
  if (deps.previewPictures) {
    app.route(
      '/',
      previewRoutes({
        answers,
        loadLogo: (id) => loadWebsiteImage(deps.db, id),
        draw: deps.previewPictures,
        productName: deps.publicConfig.productName,
      }),
    )
  }
  if (deps.metrics || deps.requestLog) {
    const observers = { metrics: deps.metrics, logger: deps.requestLog }
    app.post(PHONE_CALL_PATH, countCalls('phone', observers))
    app.post(VIDEO_CONVERSATIONS_PATH, countCalls('video', observers))
  }
  app.route(
    PHONE_CALL_PATH,
    phoneCallRoutes({
      db: deps.db,
      templates: deps.templates,
      phoneCalls: deps.phoneCalls,
      logger,
      clientIp,
      askedNudge: askedNudge(deps.nudges, deps.onNudgeQueued),
    }),
  )
  app.route(
    VIDEO_CONVERSATIONS_PATH,
    videoConversationRoutes({
      db: deps.db,
      templates: deps.templates,
      videoCalls: deps.videoCalls,
      logger,
      clientIp,
    }),
  )
  if (deps.reps) {
    const repDeps: RepApiDeps = {
      db: deps.db,
      templates: deps.templates,
      clientIp,
      settings: deps.reps,
      runInBackground: deps.runInBackground ?? runInProcess,
      logger,
      websiteReader: deps.websiteReader,
      photos: deps.repPhotos,
      onImportFinished: deps.requestLog
        ? (finished) => {
            // The job and its counts only: never a row's values.
            if (finished.status === 'done') deps.requestLog?.info(finished, 'import finished')
            else deps.requestLog?.warn(finished, 'import finished')
          }
        : undefined,
    }
    const reps = repRoutes(repDeps)
    // Added to the reps' API after its guards, so a signed-in session and its CSRF token come first.
    if (deps.webhooks) reps.route('/webhooks', webhookRoutes(deps.db, deps.webhooks))
    app.route(REP_API_PATH, reps)
    // The sites' embed keys the reps make, used by the WordPress plugin from the site's server.
    app.route(EMBED_API_PATH, embedRoutes({ ...repDeps, productName: deps.publicConfig.productName }))
  }
  if (deps.events) {
    app.route(
      '/api',
      eventRoutes({
        db: deps.db,
        settings: deps.events,
        clientIp,
        onNudgeQueued: deps.onNudgeQueued,
        metrics: deps.metrics,
      }),
    )
    app.route(
      SCHEDULER_WEBHOOK_PATH,
      schedulerWebhookRoutes({ db: deps.db, settings: deps.events, onNudgeQueued: deps.onNudgeQueued }),
    )
  }
  const demoSettings: DemoSettings = {
    ...DEMO_SETTINGS_DEFAULTS,
    timeZone: DEFAULT_DEMO_TIME_ZONE,
    ...deps.demo,
  }
  const demoActions = createDemoActionSignal()
  app.route(
    DEMO_ACTIONS_PATH,
    demoActionRoutes({ db: deps.db, signal: demoActions, maxMs: demoSettings.streamMs }),
  )
  app.route(
    VAPI_WEBHOOK_PATH,
    vapiWebhookRoutes({
      db: deps.db,
      secret: deps.vapiWebhookSecret ?? null,
      talkedNudges: talkedNudge(deps.nudges),
      logger,
      onNudgeQueued: deps.onNudgeQueued,
      answerToolCalls: (batch) =>
        answerToolCalls(
          { db: deps.db, settings: demoSettings, logger, onAction: (callId) => demoActions.notify(callId) },
          batch,
        ),
    }),
  )
  app.route(DRAIN_PATH, drainRoutes({ db: deps.db, nudges: deps.nudges, logger }))
  if (deps.prospectPages) app.route(EDGE_PAGES_PATH, deps.prospectPages)
  app.route('/', metricsRoutes(deps.metrics, deps.metricsToken ?? null))
  app.route('/', healthRoutes(deps.db, deps.health ?? { draining: () => false, expectedMigration: null }))
  app.all('/api/*', () => {
    throw new AppError('not_found')
  })

  app.notFound((c) => c.json(toErrorBody(new AppError('not_found')), 404))
  app.onError((err, c) => {
    const error = err instanceof AppError ? err : new AppError('unavailable', { cause: err })
    // A body cut off is the client's doing: one short line, no stack (the logger counts repeats).
    if (error.code === 'body_incomplete') logger.error(`[${error.code}] ${BODY_INCOMPLETE_LOG}`)
    else if (error.status >= 500) logger.error(`[${error.code}]`, error.cause ?? error)
    if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds))
    return c.json(toErrorBody(error), error.status)
  })
  return app
}

const BODY_INCOMPLETE_LOG = 'a client closed the connection before sending its whole request body'

const toErrorBody = ({ code, message, fields, problems }: AppError): ErrorBody => ({
  error: {
    code,
    message,
    ...(fields === undefined ? {} : { fields }),
    ...(problems === undefined ? {} : { problems: [...problems] }),
  },
})

const isUnder = (path: string, base: string) => path === base || path.startsWith(`${base}/`)
/** Server-to-server routes (the voice platform's webhook, the scheduler's drain) need no CORS either. */
const isPrivatePath = (path: string) =>
  isUnder(path, REP_API_PATH) || isUnder(path, VAPI_WEBHOOK_PATH) || isUnder(path, DRAIN_PATH)

/** Nudges on: an end-of-call report of a call long enough to be news queues its `talked` nudge. */
function talkedNudge(nudges: NudgeSettings | undefined): TalkedNudgeSettings | undefined {
  if (!nudges?.on) return undefined
  return {
    dedupeMinutes: nudges.dedupeMinutes,
    minSeconds: MIN_TALKED_SECONDS,
    link: (slug) => getNudgeLink(nudges, slug),
    now: nudges.now,
  }
}

/** Nudges on: a "Call Me" call placed queues its `asked` nudge with the same window and link as the others. */
function askedNudge(
  nudges: NudgeSettings | undefined,
  onQueued: (() => void) | undefined,
): AskedNudgeSettings | undefined {
  if (!nudges?.on) return undefined
  return {
    dedupeMinutes: nudges.dedupeMinutes,
    link: (slug) => getNudgeLink(nudges, slug),
    now: nudges.now,
    onQueued,
  }
}
