import type { PostgrestError } from '@supabase/supabase-js'
import { AppError } from '#core/errors.ts'
import type {
  AuditEntry,
  ProspectFields,
  RepProspectDetail,
  RepProspectSort,
  RepProspectSummary,
} from '#core/rep-api.ts'
import type { Database, Db, ProspectRow, UpsertCounts } from './database.ts'
import type { AuditRow } from './rep-database.ts'

type Functions = Database['public']['Functions']

/**
 * Prospects as the reps' pages read and change them: one SQL function call each
 * (20261201000200_prospect_changes.sql, 20261201000300_rep_prospect_reads.sql), which stamps the
 * prospect and writes its audit entry in the same transaction. Answers in the API's shapes
 * (core/rep-api.ts). A database failure is AppError `unavailable`.
 */
const fail = (what: string, error: PostgrestError) =>
  new AppError('unavailable', { cause: new Error(`${what}: ${error.message}`, { cause: error }) })

/** Postgres writes timestamps in its own JSON form; the API speaks ISO 8601 in UTC. */
const toIso = (at: string) => new Date(at).toISOString()

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

export async function listRepProspects(supabase: Db, page: ProspectPageQuery) {
  const { data, error } = await supabase.rpc('list_rep_prospects', {
    query: page.query,
    sort: page.sort,
    descending: page.descending,
    owner_id: page.ownerId,
    page_offset: page.offset,
    page_size: page.limit,
  })
  if (error) throw fail('Could not list prospects', error)
  const prospects = data.prospects.map(
    (row): RepProspectSummary => ({
      slug: row.slug,
      name: row.name,
      companyName: row.company_name,
      owner: row.owner,
      updated: { at: toIso(row.updated_at), rep: row.updated_by },
    }),
  )
  return { total: data.total, prospects }
}

/** One prospect with its stamps and history (its agent is rendered by the caller); null when there is none. */
export async function getRepProspect(
  supabase: Db,
  slug: string,
): Promise<Omit<RepProspectDetail, 'agent'> | null> {
  const { data, error } = await supabase.rpc('get_rep_prospect', { slug })
  if (error) throw fail(`Could not read prospect "${slug}"`, error)
  if (!data) return null
  return {
    fields: data.fields,
    owner: data.owner,
    created: { at: toIso(data.created_at), rep: data.created_by },
    updated: { at: toIso(data.updated_at), rep: data.updated_by },
    history: await listProspectHistory(supabase, data.fields.slug),
  }
}

/** The trail of the prospect with this slug, or of the last one that had it. */
export async function listProspectHistory(supabase: Db, slug: string): Promise<AuditEntry[]> {
  const { data, error } = await supabase.rpc('list_prospect_history', { slug, max_rows: HISTORY_LIMIT })
  if (error) throw fail(`Could not read the history of "${slug}"`, error)
  return data.map(toAuditEntry)
}

const toAuditEntry = (row: AuditRow): AuditEntry => ({
  action: row.action,
  slug: row.slug,
  stamp: { at: toIso(row.at), rep: row.rep },
  changed: row.changed,
})

export async function createProspect(
  supabase: Db,
  fields: ProspectFields,
  repId: string,
  ownerId: string | null,
) {
  const { data, error } = await supabase.rpc('create_prospect', { fields, rep_id: repId, owner_id: ownerId })
  if (error) throw fail('Could not create the prospect', error)
  return data.status
}

export async function updateProspect(supabase: Db, args: Functions['update_prospect']['Args']) {
  const { data, error } = await supabase.rpc('update_prospect', args)
  if (error) throw fail(`Could not update prospect "${args.slug}"`, error)
  return data
}

/** True when it was deleted; false when there was none. Never the fallback (the caller checks). */
export async function deleteRepProspect(supabase: Db, slug: string, repId: string): Promise<boolean> {
  const { data, error } = await supabase.rpc('delete_prospect', { slug, rep_id: repId })
  if (error) throw fail(`Could not delete prospect "${slug}"`, error)
  return data.deleted
}

/** All rows in one transaction, as the command line's import, stamped with the rep. */
export async function importRepProspects(
  supabase: Db,
  rows: readonly ProspectRow[],
  repId: string,
): Promise<UpsertCounts> {
  const { data, error } = await supabase.rpc('upsert_prospects', { prospects: rows, rep_id: repId })
  if (error) throw fail('Could not import the prospects', error)
  return data
}

export async function isSlugInUse(supabase: Db, slug: string): Promise<boolean> {
  const { data, error } = await supabase.from('prospects').select('slug').eq('slug', slug).maybeSingle()
  if (error) throw fail(`Could not look up "${slug}"`, error)
  return data !== null
}
