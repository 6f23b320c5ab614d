import { Hono } from 'hono'
import { AppError } from '#core/errors.ts'
import { SALES_QUERY_MAX_LENGTH, type SalesProspectsResponse } from '#core/sales-prospects.ts'
import type { Db } from '../data/database.ts'
import { searchSalesProspects } from '../data/sales-prospects.ts'
import { assertSalesKey } from './sales-key.ts'

export interface SalesProspectDeps {
  supabase: Db
  /** `SALES_TOOLS_SECRET`; null turns the route off. */
  salesToolsSecret: string | null
}

/**
 * `GET /?q=`: the sales reps' prospect search for the snippet page, behind the operator's key.
 * Same-origin by design: the app's CORS allows only `Content-Type`, so no other site's script can
 * send the `Authorization` header here, and the answer is never cached on the way.
 */
export function salesProspectRoutes(deps: SalesProspectDeps): Hono {
  return new Hono().get('/', async (c) => {
    c.header('Cache-Control', 'no-store')
    await assertSalesKey(c.req.header('Authorization'), deps.salesToolsSecret)
    const query = (c.req.query('q') ?? '').trim()
    if (query.length > SALES_QUERY_MAX_LENGTH) {
      throw new AppError('bad_request', {
        message: `Search for at most ${SALES_QUERY_MAX_LENGTH} characters.`,
      })
    }
    const prospects = await searchSalesProspects(deps.supabase, query)
    return c.json({ prospects } satisfies SalesProspectsResponse)
  })
}
