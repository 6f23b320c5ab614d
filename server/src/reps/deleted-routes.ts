import { Hono } from 'hono'
import { AppError } from '#core/errors.ts'
import {
  type DeletedProspectListResponse,
  type DeletedProspectResponse,
  REP_PAGE_SIZE,
} from '#core/rep-api.ts'
import { callFunction, type Db } from '../data/database.ts'
import { readPage } from './prospect-list.ts'
import type { RepEnv } from './rep-guards.ts'
import { HISTORY_LIMIT, toAuditEntry, toIso } from './rep-prospects.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The deleted prospects, for every signed-in rep to read (core/rep-api.ts): who deleted each, when,
 * its last values and its history. Read only: nothing brings a deleted prospect back but creating it
 * again. Found by the prospect's id, since a new prospect may take a deleted one's slug.
 */
export function deletedProspectRoutes(db: Db): Hono<RepEnv> {
  return new Hono<RepEnv>()
    .get('/deleted-prospects', async (c) => {
      const page = readPage(new URL(c.req.url).searchParams)
      const data = await callFunction(db, 'list_deleted_prospects', {
        page_offset: (page - 1) * REP_PAGE_SIZE,
        page_size: REP_PAGE_SIZE,
      })
      const prospects = data.prospects.map((row) => ({
        id: row.id,
        slug: row.slug,
        name: row.name,
        companyName: row.company_name,
        owner: row.owner,
        deleted: { at: toIso(row.deleted_at), rep: row.deleted_by },
        batchId: row.batch_id,
      }))
      return c.json({
        prospects,
        total: data.total,
        page,
        pageSize: REP_PAGE_SIZE,
      } satisfies DeletedProspectListResponse)
    })
    .get('/deleted-prospects/:id', async (c) => {
      const id = c.req.param('id')
      const data = UUID.test(id)
        ? await callFunction(db, 'get_deleted_prospect', { prospect_id: id, max_rows: HISTORY_LIMIT })
        : null
      if (!data) throw new AppError('prospect_not_found')
      return c.json({
        id: data.id,
        slug: data.slug,
        fields: data.fields,
        owner: data.owner,
        deleted: { at: toIso(data.deleted_at), rep: data.deleted_by },
        history: data.history.map(toAuditEntry),
      } satisfies DeletedProspectResponse)
    })
}
