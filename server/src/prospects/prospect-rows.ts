import { isValidSlug } from '#core/prospect.ts'
import type { ProspectRow } from '../data/database.ts'
import type { CsvRecord } from './csv.ts'

type Column = keyof ProspectRow

interface ColumnRule {
  required: boolean
  /** Characters (code points, as Postgres counts them). */
  max: number
  /** Line breaks allowed: prompts have paragraphs; a name on a page does not. */
  multiline: boolean
}

/**
 * The import's columns and limits. Lengths are what a page and a voice agent can use: a name or
 * company that fits a heading, an opening line spoken in a breath or two, a system prompt well
 * inside what voice platforms accept. The slug follows the site's rule (core/prospect.ts).
 */
export const COLUMN_RULES: Record<Column, ColumnRule> = {
  slug: { required: true, max: 64, multiline: false },
  name: { required: true, max: 120, multiline: false },
  company_name: { required: true, max: 120, multiline: false },
  first_message: { required: true, max: 1000, multiline: true },
  system: { required: true, max: 20000, multiline: true },
  assistant_id: { required: false, max: 100, multiline: false },
}
export const COLUMNS = Object.keys(COLUMN_RULES) as Column[]

/** One import goes to the database as one request; past this, split the file. */
export const MAX_IMPORT_ROWS = 50_000

export interface RowProblem {
  line: number
  message: string
}

export interface ProspectRows {
  rows: ProspectRow[]
  /** Every bad row, one entry per row with all of its problems, in file order. */
  problems: RowProblem[]
}

// Control characters other than tab and line breaks have no place in text shown on a page.
// biome-ignore lint/suspicious/noControlCharactersInRegex: this rule exists to find them
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
const LINE_BREAK = /[\r\n]/

/**
 * Reads the header and every row, checking all of them, so that one run reports every problem. The
 * header names the columns (any order); values are trimmed; an empty `assistant_id` means none.
 */
export function readProspectRows(records: readonly CsvRecord[]): ProspectRows {
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
    const row = toRow(columns.order, record.fields, found)
    const earlier = firstLineOfSlug.get(row.slug)
    if (row.slug !== '' && earlier !== undefined) found.push(`slug "${row.slug}" is also on line ${earlier}`)
    else if (row.slug !== '') firstLineOfSlug.set(row.slug, record.line)
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
  const missing = COLUMNS.filter((column) => COLUMN_RULES[column].required && !names.includes(column))
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

function toRow(order: readonly Column[], fields: readonly string[], found: string[]): ProspectRow {
  const values = new Map(order.map((column, i) => [column, (fields[i] ?? '').trim()]))
  const read = (column: Column): string => {
    const value = values.get(column) ?? ''
    const rule = COLUMN_RULES[column]
    if (value === '') {
      if (rule.required) found.push(`${column} is empty`)
      return value
    }
    // UTF-16 units are never fewer than code points: count the latter only when it can matter.
    const length = value.length > rule.max ? [...value].length : value.length
    if (length > rule.max) found.push(`${column} has ${length} characters (at most ${rule.max})`)
    if (CONTROL.test(value)) found.push(`${column} contains control characters`)
    else if (!rule.multiline && LINE_BREAK.test(value)) found.push(`${column} contains a line break`)
    return value
  }
  const row: ProspectRow = {
    slug: read('slug'),
    name: read('name'),
    company_name: read('company_name'),
    first_message: read('first_message'),
    system: read('system'),
    assistant_id: read('assistant_id') || null,
  }
  if (row.slug !== '' && [...row.slug].length <= COLUMN_RULES.slug.max && !isValidSlug(row.slug)) {
    const suggestion = suggestSlug(row.slug)
    found.push(
      `slug "${row.slug}" must be lowercase letters, digits or dashes` +
        (suggestion && suggestion !== row.slug ? ` (for example "${suggestion}")` : ''),
    )
  }
  return row
}

/** A slug in the site's rule made from free text: "Bright Smile Dental" → "bright-smile-dental". */
export function suggestSlug(text: string): string | null {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '')
  return isValidSlug(slug) ? slug : null
}

const quoteList = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ')
