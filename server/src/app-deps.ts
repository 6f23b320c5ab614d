import type { AgentTemplateSet } from '#core/agent.ts'
import type { AppDeps } from './app.ts'
import { createPhoneCallSettings } from './calls/phone-call-settings.ts'
import { createClientIpReader } from './common/client-ip.ts'
import { createKeyedHash } from './common/keyed-hash.ts'
import { createVisitTokens } from './common/visit-token.ts'
import type { ServerConfig } from './config.ts'
import type { Db } from './data/database.ts'
import { createProspectAnswers, type ProspectAnswers } from './data/prospect-answers.ts'
import { createEventSettings } from './events/event-settings.ts'
import { createMailQueue } from './mail/mail-queue.ts'
import { createNudgeSettings } from './notify/nudge-settings.ts'
import { toPublicConfig } from './public-config.ts'
import { getDemoFeatures } from './routes/prospects.ts'
import { createVideoCallSettings } from './video/video-call-settings.ts'

export interface AppBackend {
  db: Db
  /** The agent templates, read and checked before the app is made. */
  templates: AgentTemplateSet
  /** Keys the HMAC of phone numbers and client addresses. */
  callHashSecret: string
}

/**
 * The app's dependencies from validated config and an open backend. Shared by the Node server and
 * the edge function, so a feature wired here runs in both (the edge adds nothing but its client IP).
 * `getSiteOrigin` gives the site's origin for links written outside a request (a nudge's): the Node
 * server's once it listens (common/site-origin.ts); by default `SITE_URL`, which the edge requires
 * where it writes such links (config.ts).
 */
export function createAppDeps(
  config: ServerConfig,
  backend: AppBackend,
  getSiteOrigin: () => string | null = () => config.siteUrl,
): AppDeps & { prospectAnswers: ProspectAnswers } {
  const publicConfig = toPublicConfig(config)
  const phoneCalls = createPhoneCallSettings(config, backend.callHashSecret)
  const visitTokens = createVisitTokens(createKeyedHash(backend.callHashSecret))
  return {
    db: backend.db,
    templates: backend.templates,
    publicConfig,
    phoneCalls,
    // One memory of prospect reads for the API and the pages.
    prospectAnswers: createProspectAnswers({
      db: backend.db,
      templates: backend.templates,
      features: (prospect) => getDemoFeatures(prospect, { publicConfig, phoneCalls }),
      teamBookingUrl: config.teamSchedulingUrl,
    }),
    videoCalls: createVideoCallSettings(config, backend.callHashSecret),
    clientIp: createClientIpReader(config.trustedProxyHeader),
    reps: {
      hashSecret: backend.callHashSecret,
      siteUrl: config.siteUrl,
      trustedProxy: config.trustedProxyHeader !== null,
      teamSchedulingUrl: config.teamSchedulingUrl,
      mail: config.mail ? createMailQueue(backend.db, config.mail, getSiteOrigin) : undefined,
    },
    vapiWebhookSecret: config.vapiWebhookSecret,
    demo: { timeZone: config.demoTimeZone },
    nudges: createNudgeSettings(config, getSiteOrigin),
    events: createEventSettings(config, backend.callHashSecret, visitTokens, getSiteOrigin),
  }
}
