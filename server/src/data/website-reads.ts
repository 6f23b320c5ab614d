import { WEBSITE_FACT_FIELDS } from '#core/website-reading.ts'
import { callFunction, type Db, type ProspectRow } from './database.ts'

/**
 * The details an agent speaks from: a row with all of them given has nothing to gain from its site
 * (the company's name a row always has; a logo or colour alone is not worth a reading).
 */
const SPOKEN = WEBSITE_FACT_FIELDS.filter(
  (field) => field !== 'company_name' && field !== 'logo' && field !== 'theme_color',
)

/** The rows of an import whose site is worth reading: a website, and a detail an agent speaks from left blank. */
export const rowsToRead = (rows: readonly ProspectRow[]): string[] =>
  rows.filter((row) => row.website && SPOKEN.some((field) => !row[field])).map((row) => row.slug)

/** Queues the readings of an import's rows that need one; answers how many. */
export async function queueImportReadings(
  db: Db,
  importJobId: string | null,
  rows: readonly ProspectRow[],
  at: Date,
): Promise<number> {
  const slugs = rowsToRead(rows)
  if (slugs.length === 0) return 0
  return callFunction(db, 'queue_website_reads', { slugs, import_job_id: importJobId, at: at.toISOString() })
}
