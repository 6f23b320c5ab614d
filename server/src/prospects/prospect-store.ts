import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js'
import { PROSPECT_COLUMNS, type ProspectRow } from '../data/prospects.ts'

export interface UpsertCounts {
  inserted: number
  updated: number
  unchanged: number
}

export interface ProspectSummary {
  slug: string
  name: string
  company_name: string
  assistant_id: string | null
}

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
export async function upsertProspects(
  supabase: SupabaseClient,
  rows: readonly ProspectRow[],
): Promise<UpsertCounts> {
  const { data, error } = await supabase.rpc('upsert_prospects', { prospects: rows })
  if (error) throw toStoreError('The database refused the import, so nothing was written', error)
  return data as UpsertCounts
}

/** Every prospect in slug order, a page at a time (the API caps rows per answer). */
export async function* listProspects(
  supabase: SupabaseClient,
  pageSize = 1000,
): AsyncGenerator<ProspectSummary> {
  let after: string | null = null
  for (;;) {
    const { data, error } = await supabase.rpc('list_prospects', { after_slug: after, page_size: pageSize })
    if (error) throw toStoreError('Could not list prospects', error)
    const page = data as ProspectSummary[]
    yield* page
    const last = page.at(-1)
    if (!last || page.length < pageSize) return
    after = last.slug
  }
}

export async function getProspect(supabase: SupabaseClient, slug: string): Promise<ProspectRow | null> {
  const { data, error } = await supabase
    .from('prospects')
    .select(PROSPECT_COLUMNS)
    .eq('slug', slug)
    .maybeSingle<ProspectRow>()
  if (error) throw toStoreError(`Could not read prospect "${slug}"`, error)
  return data
}

/** True when a prospect was deleted, false when there was none with this slug. */
export async function deleteProspect(supabase: SupabaseClient, slug: string): Promise<boolean> {
  const { data, error } = await supabase.rpc('delete_prospect', { slug })
  if (error) throw toStoreError(`Could not delete prospect "${slug}"`, error)
  return (data as { deleted: boolean }).deleted
}
