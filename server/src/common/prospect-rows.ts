import type { RowProblem } from '#core/errors.ts'
import {
  type FieldContext,
  listProspectFieldProblems,
  nameProspectField,
  normalizeProspectFields,
  PROSPECT_FIELD_NAMES,
  PROSPECT_FIELD_RULES,
} from '#core/prospect-fields.ts'
import type { ProspectRow } from '../data/database.ts'
import type { CsvRecord } from './csv.ts'

type Column = keyof ProspectRow

/** The import's columns: a prospect's fields (core/prospect-fields.ts), in any order. */
export const COLUMNS = PROSPECT_FIELD_NAMES

/** One import goes to the database as one request; past this, split the file. */
export const MAX_IMPORT_ROWS = 50_000

export interface ProspectRows {
  rows: ProspectRow[]
  /** Every bad row, one entry per row with all of its problems, in file order. */
  problems: RowProblem[]
}

/**
 * Reads the header and every row, checking all of them, so that one run reports every problem. The
 * header names the columns (any order; the optional ones may be left out); values are trimmed; an
 * empty optional value means none. With `context.templateIds`, a row naming another template is a
 * problem of its line.
 */
export function readProspectRows(records: readonly CsvRecord[], context: FieldContext = {}): ProspectRows {
  const [header, ...body] = records
  if (!header)
    return { rows: [], problems: [{ line: 1, message: 'the file is empty; expected a header row' }] }
  const columns = readHeader(header)
  if ('problem' in columns) return { rows: [], problems: [{ line: header.line, message: columns.problem }] }
  if (body.length > MAX_IMPORT_ROWS) {
    const message = `${body.length} rows is more than one import takes (${MAX_IMPORT_ROWS}); split the file`
    return { rows: [], problems: [{ line: header.line, message }] }
  }

  const rows: ProspectRow[] = []
  const problems: RowProblem[] = []
  const firstLineOfSlug = new Map<string, number>()
  for (const record of body) {
    const found: string[] = record.problem ? [record.problem] : []
    if (record.fields.length !== columns.order.length) {
      found.push(`${record.fields.length} fields, but the header has ${columns.order.length}`)
      problems.push({ line: record.line, message: found.join('; ') })
      continue
    }
    const row = toRow(columns.order, record.fields, found, context)
    const earlier = firstLineOfSlug.get(row.slug)
    if (row.slug !== '' && earlier !== undefined) {
      found.push(`${nameProspectField('slug', 'column')} is also on line ${earlier} ("${row.slug}")`)
    } else if (row.slug !== '') firstLineOfSlug.set(row.slug, record.line)
    if (found.length > 0) problems.push({ line: record.line, message: found.join('; ') })
    else rows.push(row)
  }
  if (rows.length === 0 && problems.length === 0) {
    problems.push({ line: header.line, message: 'no prospects below the header' })
  }
  return { rows, problems }
}

function readHeader(header: CsvRecord): { order: Column[] } | { problem: string } {
  const names = header.fields.map((name) => name.trim())
  const unknown = names.filter((name) => !(COLUMNS as string[]).includes(name))
  const missing = COLUMNS.filter((column) => PROSPECT_FIELD_RULES[column].required && !names.includes(column))
  const repeated = names.filter((name, i) => names.indexOf(name) !== i)
  const issues = [
    header.problem,
    unknown.length > 0 ? `unknown column${unknown.length > 1 ? 's' : ''} ${quoteList(unknown)}` : undefined,
    missing.length > 0 ? `missing column${missing.length > 1 ? 's' : ''} ${quoteList(missing)}` : undefined,
    repeated.length > 0 ? `column${repeated.length > 1 ? 's' : ''} ${quoteList(repeated)} twice` : undefined,
  ].filter((issue) => issue !== undefined)
  if (issues.length === 0) return { order: names as Column[] }
  return { problem: `header: ${issues.join('; ')} (the columns are ${COLUMNS.join(', ')})` }
}

function toRow(
  order: readonly Column[],
  fields: readonly string[],
  found: string[],
  context: FieldContext,
): ProspectRow {
  const values = new Map(order.map((column, i) => [column, fields[i] ?? '']))
  const read = Object.fromEntries(COLUMNS.map((column) => [column, values.get(column) ?? '']))
  const row = normalizeProspectFields(read as ProspectRow)
  // A CSV's line names the column the rep fixes, with the label the form shows beside it.
  for (const problem of listProspectFieldProblems(row, context, 'column')) found.push(problem.message)
  return row
}

const quoteList = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ')
