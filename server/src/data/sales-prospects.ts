import { SALES_PROSPECTS_LIMIT, type SalesProspect } from '#core/sales-prospects.ts'
import type { Db } from './database.ts'

/**
 * Prospects whose slug, name or company contains `query` (case-insensitive; empty matches all),
 * ordered by company, then slug; at most SALES_PROSPECTS_LIMIT of them, with the three fields a
 * listing may show, never the fallback `visitor`. One call of the SQL function `search_prospects`
 * (service role), so one query whatever the table's size, on hosted Supabase as locally.
 */
export async function searchSalesProspects(supabase: Db, query: string): Promise<SalesProspect[]> {
  const { data, error } = await supabase.rpc('search_prospects', {
    query,
    max_rows: SALES_PROSPECTS_LIMIT,
  })
  if (error) throw new Error(`search_prospects failed: ${error.message}`, { cause: error })
  return data.map((row) => ({
    slug: row.slug,
    name: row.name,
    companyName: row.company_name,
  }))
}
