import { AppError, type RowProblem } from '#core/errors.ts'
import type { Rep } from '#core/rep-api.ts'
import type { Db } from '../data/database.ts'
import type { ImportRequest } from './import-body.ts'
import { describeRefusedRow } from './prospect-refusal.ts'
import { listRefusedSlugs } from './rep-prospects.ts'

/**
 * Refuses a rep's file with rows of prospects they may not change (another rep's, nobody's, the
 * fallback), by the form's rule: 422 `import_invalid` naming each such row by its line, nothing
 * imported, as for any bad row. Checked before the job begins, so the rep learns which rows; the
 * database checks again when it writes (`upsert_prospects`), so a prospect that changed hands since
 * cannot slip through. For an admin the database finds no such rows.
 */
export async function refuseOthersProspects(db: Db, rep: Rep, file: ImportRequest): Promise<void> {
  const refused = await listRefusedSlugs(
    db,
    rep.id,
    file.rows.map((row) => row.slug),
  )
  if (refused.length === 0) return
  const bySlug = new Map(refused.map((row) => [row.slug, row]))
  const problems: RowProblem[] = []
  file.rows.forEach((row, i) => {
    const found = bySlug.get(row.slug)
    if (found) problems.push({ line: file.lines[i] ?? 0, message: describeRefusedRow(found) })
  })
  const total = file.rows.length
  throw new AppError('import_invalid', {
    problems,
    message: `Nothing was imported: ${problems.length} of ${total} rows ${problems.length === 1 ? 'is a prospect' : 'are prospects'} you cannot change.`,
  })
}
