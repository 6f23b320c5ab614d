import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describeEnvFile, type EnvFileResult, readEnvFile } from './common/env-file.ts'
import { listRetiredVariables, loadServerConfig, type ServerConfig } from './config.ts'
import { describeFailure } from './db/filesystem-errors.ts'
import { describeMailCheck, describeServices } from './describe-services.ts'
import { describeStartupError } from './describe-startup-error.ts'
import { createDrain, readShutdownSettings, type ShutdownSettings } from './health/draining.ts'
import { openLogger, readLogSettings } from './logging/logger.ts'
import { DEFAULT_STATIC_DIRS, type RunningServer, startServer } from './start-server.ts'

/**
 * The one local entry (`npm start`, `npm run serve`). Prints exactly one `Ready at <url>` line, which
 * e2e reads to find the port when PORT=0.
 */
async function main(): Promise<void> {
  const startedAt = performance.now()
  let server: RunningServer
  let config: ServerConfig
  let envFile: EnvFileResult
  let shutdown: ShutdownSettings
  try {
    envFile = readEnvFile()
    config = loadServerConfig(process.env)
    // LOG_FORMAT, LOG_LEVEL and METRICS_TOKEN are the operator's, read here beside the .env file's.
    const logger = await openLogger(readLogSettings(process.env, process.stdout.isTTY === true))
    shutdown = readShutdownSettings(process.env)
    server = await startServer(
      config,
      DEFAULT_STATIC_DIRS,
      {},
      {
        logger,
        metricsToken: process.env.METRICS_TOKEN || null,
        maxConnections: shutdown.maxConnections,
        // In-flight requests may take until the deadline; the deadline drops what is left.
        inFlightMs: shutdown.deadlineMs,
      },
    )
  } catch (error) {
    console.error(describeStartupError(error))
    process.exitCode = 1
    return
  }
  const elapsed = Math.round(performance.now() - startedAt)
  // Ready at: where it listens (e2e reads the port there). Every other address: the one people open.
  const site = server.origin
  console.log(`Ready at ${server.url}`)
  console.log(`  site          ${site}/`)
  // The examples are in the embedded database it made; a PostgreSQL database has them only when asked.
  const examples = server.database.startsWith('PostgreSQL') ? ' (the examples: npm run db -- seed)' : ''
  console.log(`  prospect      ${site}/bright-smile-dental${examples}`)
  console.log(`  embed demos   ${site}/embed-demo/`)
  console.log(`  sales reps    ${site}/_/prospects (accounts: npm run reps -- add <email>)`)
  console.log(`  API           ${site}/api/prospects/visitor`)
  console.log(`  (database: ${server.database}; ready in ${elapsed} ms; Ctrl-C to stop)`)
  const envLine = describeEnvFile(envFile)
  if (envLine !== null) console.log(`  ${envLine}`)
  console.log('')
  for (const line of describeServices(config)) console.log(line)
  // The SMTP server is checked in the background: a wrong password or an unreachable server is one line.
  void server.mailCheck?.then((problem) => {
    const line = describeMailCheck(problem)
    if (line !== null) console.warn(line)
  })
  if (server.setupUrl !== null) {
    console.log('')
    console.log('No admin yet. Open this link to choose the first admin and their password; it works once,')
    console.log('until an admin exists, for 24 hours at most (each start prints a new one):')
    console.log(`  ${server.setupUrl}`)
    console.log('Or, in another terminal: npm run reps -- add you@example.com --admin')
  }
  for (const note of server.notes) console.warn(`  ${note}`)
  for (const line of listRetiredVariables(process.env)) console.warn(line)
  warnIfNotBuilt()

  // SIGTERM (a service manager, a rolling restart) drains: /readyz says so at once, requests are served
  // for the grace period while the proxy takes this server out, then it closes (health/draining.ts).
  // Ctrl-C is a person at a terminal: no proxy to wait for, it closes at once. A second signal hurries.
  let stoppingAt = 0
  const drain = createDrain({
    graceMs: shutdown.graceMs,
    deadlineMs: shutdown.deadlineMs,
    close: () => server.close(),
    forceClose: () => server.dropConnections(),
    done: (outcome, error) => {
      const elapsed = Math.round(performance.now() - stoppingAt)
      if (outcome === 'closed') {
        console.log(`Closed in ${elapsed} ms.`)
        process.exit(0)
      }
      if (outcome === 'failed') console.error(describeFailure(error, 'Could not close cleanly'))
      else console.error(`Stopped after ${elapsed} ms without finishing what was under way (${outcome}).`)
      process.exit(1)
    },
  })
  const stop = (signal: NodeJS.Signals) => {
    if (drain.phase() === 'serving') {
      stoppingAt = performance.now()
      server.drain()
      if (signal === 'SIGTERM' && shutdown.graceMs > 0) {
        console.log(
          `\n${signal}: draining (readiness says so) for ${shutdown.graceMs} ms, then closing the server and the database...`,
        )
        drain.stop()
        return
      }
      console.log(`\n${signal}: closing the server and the database...`)
      drain.stop()
      drain.stop()
      return
    }
    console.log(`${signal} again: ${drain.phase() === 'draining' ? 'closing now' : 'stopping at once'}.`)
    drain.stop()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

function warnIfNotBuilt(): void {
  const missing = [
    join(DEFAULT_STATIC_DIRS.siteDir, 'index.html'),
    join(DEFAULT_STATIC_DIRS.widgetDir, 'widget.mjs'),
  ].filter((file) => !existsSync(file))
  if (missing.length > 0) console.warn(`  Not built (${missing.join(', ')}): run npm run build first.`)
}

await main()
