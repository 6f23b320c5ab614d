import { loadServerConfig } from '../config.ts'
import { DEFAULT_STATIC_DIRS, startServer } from '../start-server.ts'

/**
 * Test wiring, never the product's entry: the server as `npm run serve` starts it, except that
 * outgoing webhooks may also go to the `host:port`s given as arguments (an end-to-end test's loopback
 * receiver). The product itself posts to the public internet only, and no setting changes that.
 * Prints `Ready at <url>` as the product does, for scripts/start-product.ts.
 */
const exempt = new Set(process.argv.slice(2).map((hostPort) => hostPort.toLowerCase()))
const server = await startServer(
  loadServerConfig(process.env),
  DEFAULT_STATIC_DIRS,
  {},
  {
    webhookRule: { exempt },
  },
)
console.log(`Ready at ${server.url}`)
const stop = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  )
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
