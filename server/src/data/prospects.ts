import { AppError } from '#core/errors.ts'
import type { Prospect } from '#core/prospect.ts'
import type { Db, ProspectRow } from './database.ts'

/** The public fields of a prospect; `id` and `created_at` stay in the database. */
export const PROSPECT_COLUMNS = 'slug,name,company_name,first_message,system,assistant_id'

/** PostgREST's answer when `.single()` finds no row (or several: impossible on a unique slug). */
const NOT_FOUND_CODE = 'PGRST116'

/**
 * Reads one prospect by exact slug. `null` when there is none; AppError `prospect_unavailable`
 * (503, logged once by the app's error handler) when the database cannot answer.
 */
export async function loadProspect(supabase: Db, slug: string): Promise<Prospect | null> {
  const { data, error } = await supabase
    .from('prospects')
    .select(PROSPECT_COLUMNS)
    .eq('slug', slug)
    // A page is waiting: fail now rather than after supabase-js's 1 + 2 + 4 s of retries on a 503.
    .retry(false)
    .single()
  if (error?.code === NOT_FOUND_CODE) return null
  if (error || !data) throw new AppError('prospect_unavailable', { cause: error ?? new Error('No data') })
  return toProspect(data)
}

const toProspect = (row: ProspectRow): Prospect => ({
  slug: row.slug,
  name: row.name,
  companyName: row.company_name,
  firstMessage: row.first_message,
  system: row.system,
  assistantId: row.assistant_id,
})
