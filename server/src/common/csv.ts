/** One record of a CSV file, with the line it starts on (quoted fields may span several lines). */
export interface CsvRecord {
  line: number
  fields: string[]
  /** Why the record cannot be trusted (a stray quote); its fields are then a best effort. */
  problem?: string
}

export class CsvSyntaxError extends Error {
  override readonly name = 'CsvSyntaxError'
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message)
  }
}

/** The end of unquoted text: a delimiter or a line end (quotes inside are found separately). */
const UNQUOTED_END = /[,\r\n]/g

/**
 * Parses CSV as RFC 4180 writes it and spreadsheets export it: comma-separated, fields in double
 * quotes when they hold commas, quotes (doubled) or line breaks; CRLF, LF or CR line ends; a UTF-8
 * BOM is ignored, and so are blank lines and rows of empty fields. Strict where a lenient reading
 * would silently shift columns: a quote inside an unquoted field, or text after a closing quote,
 * marks that record with a problem; a quote that never closes throws CsvSyntaxError naming the line
 * it opened on. Written here rather than taken from a package: these ~80 lines are the whole format,
 * and the line numbers an operator needs come straight out of the loop.
 */
export function parseCsv(text: string): CsvRecord[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const records: CsvRecord[] = []
  let line = 1
  let fields: string[] = []
  let field = ''
  let recordLine = 1
  let problem: string | undefined
  let quotedRecord = false
  let i = 0

  const endField = () => {
    fields.push(field)
    field = ''
  }
  const endRecord = () => {
    endField()
    // Blank lines, and the all-empty rows spreadsheets leave at the end of an export (`,,,,`).
    const blank = !quotedRecord && fields.every((value) => value.trim() === '')
    if (!blank)
      records.push(
        problem === undefined ? { line: recordLine, fields } : { line: recordLine, fields, problem },
      )
    fields = []
    problem = undefined
    quotedRecord = false
  }
  /** The text of a quoted field between `from` and `to`, its line ends counted and made `\n`. */
  const takeText = (from: number, to: number): string => {
    const text = input.slice(from, to)
    if (!/[\r\n]/.test(text)) return text
    const normalised = text.replace(/\r\n?/g, '\n')
    for (const c of normalised) if (c === '\n') line += 1
    return normalised
  }

  while (i < input.length) {
    if (fields.length === 0 && field === '') recordLine = line
    if (input[i] === '"' && field === '') {
      // A quoted field: runs to the next quote that is not doubled, across line ends.
      const openedOn = line
      quotedRecord = true
      i += 1
      for (;;) {
        const quote = input.indexOf('"', i)
        if (quote === -1) throw new CsvSyntaxError(openedOn, 'a quoted field is never closed')
        field += takeText(i, quote)
        i = quote + 1
        if (input[i] !== '"') break
        field += '"' // a doubled quote
        i += 1
      }
      const next = input[i]
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        problem ??= 'text after a closing quote; a quote inside a field must be doubled ("")'
      }
    }
    // Unquoted text (or, after a bad closing quote, the rest of the field) up to the next delimiter.
    UNQUOTED_END.lastIndex = i
    const end = UNQUOTED_END.exec(input)?.index ?? input.length
    if (end > i) {
      const text = input.slice(i, end)
      if (text.includes('"')) {
        problem ??= 'a quote inside an unquoted field; quote the whole field and double the quote ("")'
      }
      field += text
      i = end
    }
    if (input[i] === ',') {
      endField()
      i += 1
    } else if (i < input.length) {
      i += input[i] === '\r' && input[i + 1] === '\n' ? 2 : 1
      line += 1
      endRecord()
    }
  }
  if (field !== '' || fields.length > 0 || quotedRecord) endRecord()
  return records
}
