import type { Context } from 'hono'
import { AppError } from '#core/errors.ts'
import { IMPORT_KEY_HEADER } from '#core/rep-api.ts'
import { CsvSyntaxError, parseCsv } from '../common/csv.ts'
import { decodeCsvBytes } from '../common/decode-csv-bytes.ts'
import { readProspectRows } from '../common/prospect-rows.ts'
import type { ProspectRow } from '../data/database.ts'
import { hashFileBytes, IMPORT_KEY_PATTERN } from '../data/import-jobs.ts'

const CSV_TYPE = /^text\/csv\s*(;|$)/i

/** A file checked whole: every row good, with what names its import. */
export interface ImportRequest {
  key: string
  fileHash: string
  rows: ProspectRow[]
  /** The file's line of each row (a quoted field may span lines), to name a row's problem later. */
  lines: number[]
}

/**
 * Reads `POST imports` as `npm run prospects -- import` reads a file: the same decoding, parser and
 * row rule. Refuses another content type (415), a missing or malformed key (400), and a file that is
 * not UTF-8 or has any bad row (422 `import_invalid`, naming every bad row by its line).
 */
export async function readImportRequest(c: Context, templateIds: readonly string[]): Promise<ImportRequest> {
  if (!CSV_TYPE.test(c.req.header('Content-Type') ?? '')) throw new AppError('unsupported_media_type')
  const key = c.req.header(IMPORT_KEY_HEADER) ?? ''
  if (!IMPORT_KEY_PATTERN.test(key)) throw new AppError('import_key_invalid')
  const bytes = new Uint8Array(await c.req.arrayBuffer())
  const decoded = decodeCsvBytes(bytes)
  if ('problem' in decoded) {
    const message = 'Nothing was imported: the file is not UTF-8 text.'
    throw new AppError('import_invalid', { message, problems: [decoded.problem] })
  }
  let records: ReturnType<typeof parseCsv>
  try {
    records = parseCsv(decoded.text)
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error
    const message = `${error.message}; the file cannot be read past this line`
    throw new AppError('import_invalid', { problems: [{ line: error.line, message }] })
  }
  const { rows, problems } = readProspectRows(records, { templateIds })
  if (problems.length > 0) {
    const total = Math.max(records.length - 1, 0)
    throw new AppError('import_invalid', {
      problems,
      message: `Nothing was imported: ${problems.length} of ${total} rows ${problems.length === 1 ? 'has a problem' : 'have problems'}.`,
    })
  }
  // Every row was good, so the rows are the records below the header, one for one.
  const lines = records.slice(1).map((record) => record.line)
  return { key, fileHash: await hashFileBytes(bytes), rows, lines }
}
