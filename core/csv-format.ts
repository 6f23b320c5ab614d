/**
 * Writes records as RFC 4180 CSV, the one writer for every file the product hands out (the links of an
 * import, on the command line and in the browser; the activity export): CRLF line ends, as
 * spreadsheets write them; a field quoted only when it needs it: a comma, a quote (doubled), a line
 * break, or a space at either end (which some spreadsheets would otherwise trim). Values that a
 * spreadsheet could run as a formula are the caller's to neutralise (core/spreadsheet-text.ts), as only
 * the caller knows which columns are text people typed.
 */
export function formatCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map(quoteField).join(',')}\r\n`).join('')
}

const quoteField = (value: string): string =>
  /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
