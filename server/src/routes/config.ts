import { Hono } from 'hono'
import type { PublicConfig } from '#core/public-config.ts'

/** `GET /`: what the browser may know. Built from server config, never holding a private key. */
export function configRoutes(deps: { publicConfig: PublicConfig }): Hono {
  return new Hono().get('/', (c) => c.json(deps.publicConfig))
}
