import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { listRetiredVariables, loadServerConfig } from './config.ts'
import { describeFailure } from './db/filesystem-errors.ts'
import { describeStartupError } from './describe-startup-error.ts'
import { DEFAULT_STATIC_DIRS, type RunningServer, startServer } from './start-server.ts'

/**
 * The one local entry (`npm start`, `npm run serve`). Prints exactly one `Ready at <url>` line, which
 * e2e reads to find the port when PORT=0.
 */
async function main(): Promise<void> {
  const startedAt = performance.now()
  let server: RunningServer
  try {
    server = await startServer(loadServerConfig(process.env))
  } catch (error) {
    console.error(describeStartupError(error))
    process.exitCode = 1
    return
  }
  const elapsed = Math.round(performance.now() - startedAt)
  console.log(`Ready at ${server.url}`)
  console.log(`  site          ${server.url}/`)
  // The examples are in the embedded database it made; a PostgreSQL database has them only when asked.
  const examples = server.database.startsWith('PostgreSQL') ? ' (the examples: npm run db -- seed)' : ''
  console.log(`  prospect      ${server.url}/bright-smile-dental${examples}`)
  console.log(`  embed demos   ${server.url}/embed-demo/`)
  console.log(`  sales reps    ${server.url}/_/prospects (accounts: npm run reps -- add <email>)`)
  console.log(`  API           ${server.url}/api/prospects/visitor`)
  console.log(`  (database: ${server.database}; ready in ${elapsed} ms; Ctrl-C to stop)`)
  for (const line of listRetiredVariables(process.env)) console.warn(line)
  warnIfNotBuilt()

  const stop = (signal: NodeJS.Signals) => {
    console.log(`\n${signal}: closing the server and the database...`)
    const stoppingAt = performance.now()
    server.close().then(
      () => {
        console.log(`Closed in ${Math.round(performance.now() - stoppingAt)} ms.`)
        process.exit(0)
      },
      (error: unknown) => {
        console.error(describeFailure(error, 'Could not close cleanly'))
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

function warnIfNotBuilt(): void {
  const missing = [
    join(DEFAULT_STATIC_DIRS.siteDir, 'index.html'),
    join(DEFAULT_STATIC_DIRS.widgetDir, 'widget.mjs'),
  ].filter((file) => !existsSync(file))
  if (missing.length > 0) console.warn(`  Not built (${missing.join(', ')}): run npm run build first.`)
}

await main()
