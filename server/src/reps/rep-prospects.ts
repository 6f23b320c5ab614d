import type { ProspectRights } from '#core/ownership.ts'
import type {
  AuditEntry,
  ProspectFields,
  RepProspectDetail,
  RepProspectSort,
  RepProspectSummary,
} from '#core/rep-api.ts'
import { callFunction, type Database, type Db } from '../data/database.ts'
import type { AuditRow } from '../data/rep-database.ts'

type Functions = Database['public']['Functions']

/**
 * Prospects as the reps' pages read and change them: one SQL function call each, which stamps the
 * prospect and writes its audit entry in the same transaction. Answers in the API's shapes
 * (core/rep-api.ts). A database failure is a DatabaseError, answered as `unavailable`.
 */

/** Postgres writes timestamps in its own JSON form; the API speaks ISO 8601 in UTC. */
export const toIso = (at: string) => new Date(at).toISOString()

/** At most this many history entries are answered, newest first. */
export const HISTORY_LIMIT = 200

export interface ProspectPageQuery {
  query: string
  sort: RepProspectSort
  descending: boolean
  ownerId: string | null
  offset: number
  limit: number
}

/** One page of the list, each row with what `repId` may do with it. */
export async function listRepProspects(db: Db, page: ProspectPageQuery, repId: string) {
  const data = await callFunction(db, 'list_rep_prospects', {
    query: page.query,
    sort: page.sort,
    descending: page.descending,
    owner_id: page.ownerId,
    page_offset: page.offset,
    page_size: page.limit,
  })
  const slugs = data.prospects.map((row) => row.slug)
  const [logos, rights] = await Promise.all([readLogos(db, slugs), readRights(db, repId, slugs)])
  const prospects = data.prospects.map(
    (row): RepProspectSummary => ({
      slug: row.slug,
      name: row.name,
      companyName: row.company_name,
      logo: logos.get(row.slug) ?? null,
      owner: row.owner,
      updated: { at: toIso(row.updated_at), rep: row.updated_by },
      rights: rightsOf(rights, row.slug),
    }),
  )
  return { total: data.total, prospects }
}

/** The logos of a page's prospects, by slug: one look-up by the slugs' index beside the list's call. */
async function readLogos(db: Db, slugs: readonly string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map()
  const { rows } = await db.query<{ slug: string; logo: string }>(
    'select slug, logo from public.prospects where slug = any($1::text[]) and logo is not null',
    [slugs],
  )
  return new Map(rows.map((row) => [row.slug, row.logo]))
}

/**
 * What `repId` may do with each of `slugs`, by the rule every write asks (`prospect_rights` calls
 * `prospect_change_refusal`), so a page offers what a save would be allowed.
 */
async function readRights(
  db: Db,
  repId: string,
  slugs: readonly string[],
): Promise<Map<string, ProspectRights>> {
  if (slugs.length === 0) return new Map()
  const rows = await callFunction(db, 'prospect_rights', { rep_id: repId, slugs })
  return new Map(
    rows.map((row) => [
      row.slug,
      { change: row.change, takeOver: row.take_over, reassign: row.reassign, refusal: row.refusal },
    ]),
  )
}

/** A prospect deleted between the two reads: nothing may be done with it. */
const NO_RIGHTS: ProspectRights = {
  change: false,
  takeOver: false,
  reassign: false,
  refusal: { status: 'not_your_prospect', owner: null },
}
const rightsOf = (rights: Map<string, ProspectRights>, slug: string) => rights.get(slug) ?? NO_RIGHTS

/**
 * One prospect with its stamps, its history and what `repId` may do with it (its agent is rendered by
 * the caller); null when there is none.
 */
export async function getRepProspect(
  db: Db,
  slug: string,
  repId: string,
): Promise<Omit<RepProspectDetail, 'agent'> | null> {
  const data = await callFunction(db, 'get_rep_prospect', { slug })
  if (!data) return null
  const [history, rights] = await Promise.all([
    listProspectHistory(db, data.fields.slug),
    readRights(db, repId, [data.fields.slug]),
  ])
  return {
    fields: data.fields,
    owner: data.owner,
    rights: rightsOf(rights, data.fields.slug),
    created: { at: toIso(data.created_at), rep: data.created_by },
    updated: { at: toIso(data.updated_at), rep: data.updated_by },
    history,
  }
}

/** The trail of the prospect with this slug, or of the last one that had it. */
export async function listProspectHistory(db: Db, slug: string): Promise<AuditEntry[]> {
  const data = await callFunction(db, 'list_prospect_history', { slug, max_rows: HISTORY_LIMIT })
  return data.map(toAuditEntry)
}

export const toAuditEntry = (row: AuditRow): AuditEntry => ({
  action: row.action,
  slug: row.slug,
  stamp: { at: toIso(row.at), rep: row.rep },
  changed: row.changed,
})

export async function createProspect(db: Db, fields: ProspectFields, repId: string, ownerId: string | null) {
  return callFunction(db, 'create_prospect', { fields, rep_id: repId, owner_id: ownerId })
}

export async function updateProspect(db: Db, args: Functions['update_prospect']['Args']) {
  return callFunction(db, 'update_prospect', args)
}

/**
 * `deleted` true when it was deleted; false when there was none, or with `refusal` when the rep may
 * not (the ownership rule). Never the fallback (the caller checks).
 */
export async function deleteRepProspect(db: Db, slug: string, repId: string) {
  return callFunction(db, 'delete_prospect', { slug, rep_id: repId })
}

/** The prospects among `slugs` that the rep may not change (another rep's, nobody's, the fallback). */
export async function listRefusedSlugs(db: Db, repId: string, slugs: readonly string[]) {
  return callFunction(db, 'list_refused_slugs', { rep_id: repId, slugs })
}

export async function isSlugInUse(db: Db, slug: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from public.prospects where slug = $1', [slug])
  return rows.length > 0
}
