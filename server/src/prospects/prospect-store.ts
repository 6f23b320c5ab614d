import type { PostgrestError } from '@supabase/supabase-js'
import type { Db, ProspectRow, ProspectSummary, UpsertCounts } from '../data/database.ts'
import { PROSPECT_COLUMNS } from '../data/prospects.ts'

/** The database refused or could not be reached; `message` says what it answered. */
export class ProspectStoreError extends Error {
  override readonly name = 'ProspectStoreError'
}

const toStoreError = (action: string, error: PostgrestError): ProspectStoreError =>
  new ProspectStoreError(
    `${action}: ${[error.message, error.details, error.hint].filter((part) => part).join(' — ')}` +
      (error.code ? ` (${error.code})` : ''),
  )

/**
 * Writes all rows in one call of `upsert_prospects`, which is one transaction: every row or none.
 * The same supabase-js call runs against hosted Supabase and the embedded database's REST layer.
 */
export async function upsertProspects(supabase: Db, rows: readonly ProspectRow[]): Promise<UpsertCounts> {
  const { data, error } = await supabase.rpc('upsert_prospects', { prospects: rows })
  if (error) throw toStoreError('The database refused the import, so nothing was written', error)
  return data
}

/** Every prospect in slug order, a page at a time (the API caps rows per answer). */
export async function* listProspects(supabase: Db, pageSize = 1000): AsyncGenerator<ProspectSummary> {
  let after: string | null = null
  for (;;) {
    const page: ProspectSummary[] = await listPage(supabase, after, pageSize)
    yield* page
    const last = page.at(-1)
    if (!last || page.length < pageSize) return
    after = last.slug
  }
}

async function listPage(supabase: Db, after: string | null, pageSize: number) {
  const { data, error } = await supabase.rpc('list_prospects', { after_slug: after, page_size: pageSize })
  if (error) throw toStoreError('Could not list prospects', error)
  return data
}

export async function getProspect(supabase: Db, slug: string): Promise<ProspectRow | null> {
  const { data, error } = await supabase
    .from('prospects')
    .select(PROSPECT_COLUMNS)
    .eq('slug', slug)
    .maybeSingle()
  if (error) throw toStoreError(`Could not read prospect "${slug}"`, error)
  return data
}

/** True when a prospect was deleted, false when there was none with this slug. */
export async function deleteProspect(supabase: Db, slug: string): Promise<boolean> {
  const { data, error } = await supabase.rpc('delete_prospect', { slug })
  if (error) throw toStoreError(`Could not delete prospect "${slug}"`, error)
  return data.deleted
}
