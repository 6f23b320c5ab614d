import { randomUUID } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { basename, dirname, extname, join, resolve } from 'node:path'
import { formatCsv } from '#core/csv-format.ts'
import { neutralizeFormula } from '#core/spreadsheet-text.ts'
import { CsvSyntaxError, parseCsv } from '../common/csv.ts'
import { decodeCsvBytes } from '../common/decode-csv-bytes.ts'
import { readProspectRows } from '../common/prospect-rows.ts'
import type { ProspectRow } from '../data/database.ts'
import type { ImportJobRow } from '../data/import-job-database.ts'
import { hashFileBytes } from '../data/import-jobs.ts'
import { queueImportReadings } from '../data/website-reads.ts'
import { toFileError } from '../db/filesystem-errors.ts'
import type { DatabaseStore } from '../db/open-store.ts'
import { getProspectLink, getProspectSnippet, type LinkSettings } from './links.ts'
import { formatCount, formatSeconds, type Progress } from './progress.ts'
import { beginImport, writeImport } from './prospect-store.ts'

export interface ImportOptions {
  file: string
  /** The links-and-snippets CSV; by default `<file>.links.csv` beside the input. */
  out?: string | undefined
  /** Check the file only: no database is opened, nothing is written. */
  dryRun?: boolean
  /** Where the links point, given the address of the server the store goes through, if it does. */
  links: (serverOrigin: string | undefined) => LinkSettings
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
  /** The job failed (it says why): nothing was written. */
  | { status: 'not_written' }
  | { status: 'imported'; rows: number; inserted: number; updated: number; unchanged: number; out: string }

/** The columns of the file `import` writes for the sales team. */
export const LINK_COLUMNS = ['slug', 'name', 'company_name', 'link', 'snippet'] as const

/**
 * `prospects import`: checks every row first and, if any is bad, lists each with its line and writes
 * nothing (the database is not even opened). Otherwise imports the file as a job, as a rep's import
 * is (data/import-jobs.ts): the rows are staged in chunks, with their progress, and written in one
 * transaction, all or nothing. Then it writes the personalised link and embed snippet of every row to
 * a CSV.
 */
export async function importProspects(options: ImportOptions): Promise<ImportResult> {
  const { progress } = options
  const started = Date.now()
  const out = options.out ?? defaultLinksPath(options.file)
  if (resolve(out) === resolve(options.file)) {
    options.report(`--out ${out} is the file being imported; name another file.`)
    return { status: 'invalid', badRows: 0 }
  }
  const bytes = new Uint8Array(
    await readFile(options.file).catch((error: unknown) => {
      throw toFileError(error, 'read', options.file)
    }),
  )
  const decoded = decodeCsvBytes(bytes)
  if ('problem' in decoded) {
    options.report(`${options.file}:${decoded.problem.line}: ${decoded.problem.message}`)
    options.report('Nothing was imported.')
    return { status: 'invalid', badRows: 1 }
  }
  let records: ReturnType<typeof parseCsv>
  try {
    records = parseCsv(decoded.text)
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

  const fileHash = await hashFileBytes(bytes)
  const store = await progress.during('Opening the database...', options.openStore)
  const links = options.links(store.serverOrigin)
  const job = await writeRunJob(store.db, store.target, { ...options, fileHash, rows }).finally(() =>
    store.close(),
  )
  if (job.status !== 'done' || !job.result) {
    options.report(job.error ?? 'Nothing was imported.')
    return { status: 'not_written' }
  }
  await writeLinksFile(out, rows, links)
  progress.note(`Links and snippets: ${out} (links under ${links.siteUrl}/).`)
  return { status: 'imported', rows: rows.length, ...job.result, out }
}

/**
 * This run's job, under a key of its own: each run imports the file, as before there were jobs (a
 * second run of the same file finds its rows unchanged). Written here, its progress told as it goes.
 */
async function writeRunJob(
  db: DatabaseStore['db'],
  target: string,
  file: ImportOptions & { fileHash: string; rows: ProspectRow[] },
): Promise<ImportJobRow> {
  const { progress, rows } = file
  const key = `cli-${randomUUID()}`
  const start = await beginImport(db, { repId: null, key, fileHash: file.fileHash, total: rows.length })
  if (start.status !== 'created') throw new Error(`a new import key found an import (${start.status})`)
  const writing = Date.now()
  const job = await progress.during(
    `Writing ${formatCount(rows.length)} prospects to the ${target} in one transaction...`,
    (tell) =>
      writeImport(db, start.job, rows, (staged) =>
        tell(`${formatCount(staged.done)} of ${formatCount(staged.total)} rows sent`),
      ),
  )
  if (job.result) {
    const { inserted, updated, unchanged } = job.result
    progress.note(
      `Wrote ${formatCount(rows.length)} prospects in ${formatSeconds(Date.now() - writing)}: ` +
        `${formatCount(inserted)} new, ${formatCount(updated)} updated, ${formatCount(unchanged)} unchanged.`,
    )
    // Rows with a website and blank details: the server reads their sites in the background.
    const queued = await queueImportReadings(db, job.id, rows, new Date())
    if (queued > 0) {
      progress.note(
        `${formatCount(queued)} ${queued === 1 ? 'website is' : 'websites are'} queued for reading: the server ` +
          'fills only the details left blank, in the background while it runs (now, or at its next start). ' +
          'npm run prospects -- websites shows how far it got.',
      )
    }
  }
  return job
}

async function writeLinksFile(out: string, rows: readonly ProspectRow[], links: LinkSettings): Promise<void> {
  // The sales team opens this file in a spreadsheet: what people typed never runs as a formula.
  const linkRows = rows.map((row) => [
    neutralizeFormula(row.slug),
    neutralizeFormula(row.name),
    neutralizeFormula(row.company_name),
    getProspectLink(links, row.slug),
    getProspectSnippet(links, row.slug),
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
}

/** `prospects.csv` → `prospects.links.csv`, beside it. */
export function defaultLinksPath(file: string): string {
  const extension = extname(file)
  return join(dirname(file), `${basename(file, extension)}.links.csv`)
}
