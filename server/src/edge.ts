import type { Hono } from 'hono'
import { type AgentTemplateSet, createAgentTemplateSet } from '#core/agent.ts'
import { AgentTemplateError, type AgentTemplateSource } from '#core/agent-template.ts'
import { AppError, type ErrorBody } from '#core/errors.ts'
import { createApp } from './app.ts'
import { createAppDeps } from './app-deps.ts'
import { createEdgeBackground } from './common/background-work.ts'
import { type ClientIpReader, createClientIpReader, toLimitKey } from './common/client-ip.ts'
import { ConfigError } from './common/config-error.ts'
import { listRetiredVariables, loadServerConfig, type ServerConfig } from './config.ts'
import { getCallRecordUpkeep, tidyCallRecords } from './data/call-record-upkeep.ts'
import { callFunction } from './data/database.ts'
import { openPostgres } from './db/postgres-database.ts'
import { edgePageRoutes } from './edge-pages.ts'
import type { SiteRenderer } from './static/prospect-pages.ts'

export type EdgeEnv = Record<string, string | undefined>

/** Connections one function instance keeps to the database's pooler. */
const EDGE_CONNECTIONS = 4

/** What the edge entry passes to the app as `c.env`: the TCP peer, when the runtime tells it. */
export interface EdgeBindings {
  remoteAddress?: string | undefined
}

export interface EdgeHandlerOptions {
  /** The agent templates, bundled with the function (`npm run build` writes them to dist/agent-templates.json). */
  templates: readonly AgentTemplateSource[]
  logger?: Pick<Console, 'error'>
  /** The site's server entry, bundled with the function: with it, the function renders prospect pages. */
  loadSiteRenderer?: () => Promise<SiteRenderer>
  /** For the published shell's requests; tests pass a loopback host's. */
  fetch?: typeof fetch
}

export type EdgeHandler = (request: Request, env: EdgeEnv, remoteAddress?: string) => Promise<Response>

/**
 * The API as a Supabase Edge Function (or any Web-standard runtime): hosted Supabase only, and the
 * environment read with each request, as the edge hands it over. The app is built once per distinct
 * environment, so a warm instance pays for validation and clients only when its secrets change. A bad
 * environment is logged once, every problem in one message, and answered with 503 (the message names
 * variables, which is for the operator's logs, not for visitors).
 */
export function createEdgeHandler(options: EdgeHandlerOptions): EdgeHandler {
  const logger = options.logger ?? console
  const templates = compileTemplates(options.templates, logger)
  let current: { key: string; app: Hono | null } | undefined
  return async (request, env, remoteAddress) => {
    if (!templates) return unavailable()
    const key = JSON.stringify(Object.entries(env).sort(([a], [b]) => (a < b ? -1 : 1)))
    if (current?.key !== key) current = { key, app: buildApp(env, logger, { ...options, templates }) }
    if (!current.app) return unavailable()
    const bindings: EdgeBindings = { remoteAddress }
    return current.app.fetch(request, bindings)
  }
}

/** The bundled templates, compiled once; a bad one is logged by name and the function answers 503. */
function compileTemplates(
  sources: readonly AgentTemplateSource[],
  logger: Pick<Console, 'error'>,
): AgentTemplateSet | null {
  try {
    return createAgentTemplateSet(sources)
  } catch (error) {
    logger.error(error instanceof AgentTemplateError ? error.message : error)
    return null
  }
}

function buildApp(
  env: EdgeEnv,
  logger: Pick<Console, 'error'>,
  options: Omit<EdgeHandlerOptions, 'templates'> & { templates: AgentTemplateSet },
): Hono | null {
  let config: ServerConfig
  try {
    config = loadServerConfig(env, { hostedOnly: true })
  } catch (error) {
    logger.error(error instanceof ConfigError ? error.message : error)
    return null
  }
  if (config.database.kind !== 'postgres' || config.callHashSecret === null) return null // checked above
  for (const line of listRetiredVariables(env)) logger.error(line)
  // Supabase's pooler, a few connections per instance: the edge never migrates (deploying does).
  const db = openPostgres(config.database.url, { max: EDGE_CONNECTIONS })
  // No process lives between requests here, so each instance tidies as it starts, in the background.
  tidyCallRecords(db, getCallRecordUpkeep(config), true).catch((error: unknown) =>
    logger.error('[call_records]', error),
  )
  // Whether the team has a chat for nudges (as the Node server records it at start).
  callFunction(db, 'set_nudge_channels', { chat: config.notify.webhookUrl !== null }).catch(
    (error: unknown) => logger.error('[nudges]', error),
  )
  const deps = createAppDeps(config, {
    db,
    templates: options.templates,
    callHashSecret: config.callHashSecret,
  })
  const prospectPages =
    options.loadSiteRenderer &&
    edgePageRoutes({
      config,
      env,
      answers: deps.prospectAnswers,
      loadRenderer: options.loadSiteRenderer,
      fetch: options.fetch,
    })
  return createApp({
    ...deps,
    logger,
    clientIp: createEdgeClientIpReader(config.trustedProxyHeader),
    prospectPages,
    runInBackground: createEdgeBackground(),
    // An edge request may not live for minutes: a demo call's stream ends well inside the function's
    // wall-clock limit, and the browser's EventSource reconnects where it left off (Last-Event-ID).
    demo: { ...deps.demo, streamMs: EDGE_STREAM_MS },
  })
}

/** How long one stream of a call's actions lasts in the edge function. */
const EDGE_STREAM_MS = 100_000

/**
 * Without a trusted proxy header, the peer address the runtime reported (`Deno.serve`'s
 * `info.remoteAddr`); behind Supabase's gateway that is the gateway, so set TRUSTED_PROXY_HEADER there.
 */
function createEdgeClientIpReader(trustedHeader: string | null): ClientIpReader {
  if (trustedHeader) return createClientIpReader(trustedHeader)
  return (c) => {
    const address = (c.env as EdgeBindings | undefined)?.remoteAddress
    return address ? toLimitKey(address) : null
  }
}

function unavailable(): Response {
  const error = new AppError('unavailable')
  const body: ErrorBody = { error: { code: error.code, message: error.message } }
  return Response.json(body, { status: error.status, headers: { 'Access-Control-Allow-Origin': '*' } })
}
