import { readFile, writeFile } from 'node:fs/promises'
import { basename, dirname, extname, join, resolve } from 'node:path'
import { CsvSyntaxError, formatCsv, parseCsv } from '../common/csv.ts'
import { readProspectRows } from '../common/prospect-rows.ts'
import { toFileError } from '../db/filesystem-errors.ts'
import type { DatabaseStore } from '../db/open-store.ts'
import { getProspectLink, getProspectSnippet, type LinkSettings } from './links.ts'
import { formatCount, formatSeconds, type Progress } from './progress.ts'
import { upsertProspects } from './prospect-store.ts'

export interface ImportOptions {
  file: string
  /** The links-and-snippets CSV; by default `<file>.links.csv` beside the input. */
  out?: string | undefined
  /** Check the file only: no database is opened, nothing is written. */
  dryRun?: boolean
  links: LinkSettings
  /** The agent templates a row may name. */
  templateIds: readonly string[]
  openStore: () => Promise<DatabaseStore>
  progress: Progress
  /** Where the bad rows are listed (stderr). */
  report: (line: string) => void
}

export type ImportResult =
  | { status: 'invalid'; badRows: number }
  | { status: 'checked'; rows: number }
  | { status: 'imported'; rows: number; inserted: number; updated: number; unchanged: number; out: string }

/** The columns of the file `import` writes for the sales team. */
export const LINK_COLUMNS = ['slug', 'name', 'company_name', 'link', 'snippet'] as const

/**
 * `prospects import`: checks every row first and, if any is bad, lists each with its line and writes
 * nothing (the database is not even opened). Otherwise upserts all rows by slug in one transaction,
 * then writes the personalised link and embed snippet of every row to a CSV.
 */
export async function importProspects(options: ImportOptions): Promise<ImportResult> {
  const { progress } = options
  const started = Date.now()
  const out = options.out ?? defaultLinksPath(options.file)
  if (resolve(out) === resolve(options.file)) {
    options.report(`--out ${out} is the file being imported; name another file.`)
    return { status: 'invalid', badRows: 0 }
  }
  const text = await readFile(options.file, 'utf8').catch((error: unknown) => {
    throw toFileError(error, 'read', options.file)
  })
  let records: ReturnType<typeof parseCsv>
  try {
    records = parseCsv(text)
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error
    options.report(`${options.file}:${error.line}: ${error.message}`)
    options.report('Nothing was imported: the file cannot be read past that line.')
    return { status: 'invalid', badRows: 1 }
  }
  const { rows, problems } = readProspectRows(records, { templateIds: options.templateIds })
  if (problems.length > 0) {
    for (const problem of problems) options.report(`${options.file}:${problem.line}: ${problem.message}`)
    const total = Math.max(records.length - 1, 0)
    options.report(
      `Nothing was imported: ${formatCount(problems.length)} of ${formatCount(total)} rows ` +
        `${problems.length === 1 ? 'has a problem' : 'have problems'}. Fix ${problems.length === 1 ? 'it' : 'them'} and run the import again.`,
    )
    return { status: 'invalid', badRows: problems.length }
  }
  progress.note(
    `Checked ${formatCount(rows.length)} rows of ${options.file} in ${formatSeconds(Date.now() - started)}.`,
  )
  if (options.dryRun) {
    progress.note('Dry run: nothing was written.')
    return { status: 'checked', rows: rows.length }
  }

  const store = await progress.during('Opening the database...', options.openStore)
  const writing = Date.now()
  const counts = await progress
    .during(
      `Writing ${formatCount(rows.length)} prospects to the ${store.target} in one transaction...`,
      () => upsertProspects(store.db, rows),
    )
    .finally(() => store.close())
  progress.note(
    `Wrote ${formatCount(rows.length)} prospects in ${formatSeconds(Date.now() - writing)}: ` +
      `${formatCount(counts.inserted)} new, ${formatCount(counts.updated)} updated, ${formatCount(counts.unchanged)} unchanged.`,
  )

  const linkRows = rows.map((row) => [
    row.slug,
    row.name,
    row.company_name,
    getProspectLink(options.links, row.slug),
    getProspectSnippet(options.links, row.slug),
  ])
  await writeFile(out, formatCsv([[...LINK_COLUMNS], ...linkRows])).catch((error: unknown) => {
    // The prospects are in by now, and running the import again leaves unchanged rows alone.
    throw toFileError(
      error,
      'write',
      out,
      'the prospects were imported: run the import again with --out naming a writable file',
    )
  })
  progress.note(`Links and snippets: ${out} (links under ${options.links.siteUrl}/).`)
  return { status: 'imported', rows: rows.length, ...counts, out }
}

/** `prospects.csv` → `prospects.links.csv`, beside it. */
export function defaultLinksPath(file: string): string {
  const extension = extname(file)
  return join(dirname(file), `${basename(file, extension)}.links.csv`)
}
