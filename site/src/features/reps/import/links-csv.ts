import type { ImportResult } from '#core/rep-api.ts'
import { neutralizeFormula } from '#core/spreadsheet-text.ts'

/** A field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
const quote = (field: string): string => (/[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field)

/**
 * The import's links as a CSV file (`slug,url`, one row per imported row, in file order), made here
 * from the answer rather than asked for again. CRLF line ends, as spreadsheets write them; no value
 * runs as a formula, as in the command line's links file.
 */
export function createLinksCsv(links: ImportResult['links']): string {
  const rows = [
    ['slug', 'url'],
    ...links.map((link) => [neutralizeFormula(link.slug), neutralizeFormula(link.url)]),
  ]
  return `${rows.map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`
}

/** `leads.csv` → `leads.links.csv`, as the command line names the same file. */
export const getLinksFileName = (source: string): string =>
  `${source.replace(/\.csv$/i, '') || 'prospects'}.links.csv`
