import type { Hono } from 'hono'
import { createApp } from '../app.ts'
import { createAppDeps } from '../app-deps.ts'
import { loadServerConfig } from '../config.ts'
import { PUBLIC_ONLY } from '../hooks/webhook-address.ts'
import { WEBHOOK_TIMEOUT_MS } from '../hooks/webhook-settings.ts'
import { DEFAULT_STATIC_DIRS } from '../start-server.ts'
import { mountStaticFiles } from '../static/static-files.ts'
import type { TestBackend } from './test-backend.ts'

/**
 * The app composed as the Node server composes it, with every optional service switched on, so that
 * each route it can have is there: for tests that read the routes themselves (reserved slugs, the API's
 * documentation), not for requests.
 */
export function createComposedApp(backend: TestBackend): Hono {
  const config = loadServerConfig({
    VAPI_WEBHOOK_SECRET: 'test-webhook-secret-0123456789',
    NOTIFY_WEBHOOK_URL: 'https://chat.example/hook',
    NOTIFY_DRAIN_SECRET: 'test-drain-secret-0123456789abcdefghij',
  })
  const deps = createAppDeps(config, {
    db: backend.db,
    templates: backend.deps.templates,
    callHashSecret: backend.secret,
  })
  const app = createApp({
    ...deps,
    webhooks: {
      rule: PUBLIC_ONLY,
      siteOrigin: () => null,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      now: () => new Date(),
    },
  })
  mountStaticFiles(app, DEFAULT_STATIC_DIRS, config, deps.prospectAnswers)
  return app
}
