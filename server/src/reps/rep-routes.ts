import { Hono } from 'hono'
import type { AgentTemplateListResponse, RepListResponse } from '#core/rep-api.ts'
import { activityRoutes } from './activity-routes.ts'
import { bulkRoutes } from './bulk-routes.ts'
import { deletedProspectRoutes } from './deleted-routes.ts'
import { embedKeyRoutes } from './embed-key-routes.ts'
import { importRoutes } from './import-route.ts'
import { outreachRoutes } from './outreach-routes.ts'
import { profileRoutes } from './profile-routes.ts'
import { prospectRoutes } from './prospect-routes.ts'
import { listReps } from './rep-accounts.ts'
import { noStore, type RepEnv, refuseForeignOrigins, requireCsrfToken, requireRep } from './rep-guards.ts'
import type { RepApiDeps } from './rep-settings.ts'
import { openSessionRoutes, signedInSessionRoutes } from './session-routes.ts'
import { setupRoutes } from './setup-routes.ts'
import { teamRoutes } from './team-routes.ts'
import { websiteRepRoutes } from './website-routes.ts'

/**
 * The sales reps' API under REP_API_PATH (core/rep-api.ts). In order: nothing is cached; a change
 * from another site's page is refused; signing in, setting a password and the first admin's setup
 * need no session; every other path needs a live session (401 `signed_out`) and, to change anything,
 * its CSRF token (403 `csrf_failed`). Same-origin only: the app gives these paths no CORS headers.
 */
export function repRoutes(deps: RepApiDeps): Hono<RepEnv> {
  const app = new Hono<RepEnv>()
  app.use('*', noStore, refuseForeignOrigins(deps.settings))
  app.route('/', openSessionRoutes(deps))
  app.route('/', setupRoutes(deps))
  app.use('*', requireRep(deps), requireCsrfToken)
  app.route('/', signedInSessionRoutes(deps))
  app.route('/', prospectRoutes(deps.db, deps.templates))
  app.route('/', deletedProspectRoutes(deps.db))
  app.route('/', activityRoutes(deps.db, deps.settings.now ?? (() => new Date())))
  app.route('/', teamRoutes(deps))
  app.route('/', profileRoutes(deps))
  app.route('/', embedKeyRoutes(deps))
  app.route('/', outreachRoutes(deps.db, deps.settings.now ?? (() => new Date())))
  app.route(
    '/',
    importRoutes({
      db: deps.db,
      templates: deps.templates,
      siteUrl: deps.settings.siteUrl,
      now: deps.settings.now ?? (() => new Date()),
      runInBackground: deps.runInBackground,
      logger: deps.logger,
      onImportFinished: deps.onImportFinished,
      onWebsiteReadsQueued: deps.websiteReader?.onQueued,
    }),
  )
  app.route(
    '/',
    bulkRoutes({
      db: deps.db,
      siteUrl: deps.settings.siteUrl,
      now: deps.settings.now ?? (() => new Date()),
      websiteReader: deps.websiteReader,
      runInBackground: deps.runInBackground,
      logger: deps.logger,
    }),
  )
  app.route('/', websiteRepRoutes(deps.db, deps.websiteReader, deps.settings.now ?? (() => new Date())))
  app.get('/templates', (c) =>
    c.json({
      templates: deps.templates.list.map((template) => template.source),
    } satisfies AgentTemplateListResponse),
  )
  // Everyone picks owners from the enabled reps; admins also see the disabled ones, marked.
  app.get('/reps', async (c) => {
    const isAdmin = c.get('rep').role === 'admin'
    const reps = (await listReps(deps.db))
      .filter((rep) => isAdmin || !rep.disabled)
      .map(({ id, email, role, disabled }) => ({ id, email, role, disabled }))
    return c.json({ reps } satisfies RepListResponse)
  })
  return app
}
