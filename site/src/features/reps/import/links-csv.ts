import { formatCsv } from '#core/csv-format.ts'
import type { ImportResult } from '#core/rep-api.ts'
import { neutralizeFormula } from '#core/spreadsheet-text.ts'

/**
 * The import's links as a CSV file (`slug,url`, one row per imported row, in file order), made here
 * from the answer rather than asked for again, by the writer the command line's links file uses; no
 * value runs as a formula.
 */
export function createLinksCsv(links: ImportResult['links']): string {
  return formatCsv([
    ['slug', 'url'],
    ...links.map((link) => [neutralizeFormula(link.slug), neutralizeFormula(link.url)]),
  ])
}

/** `leads.csv` → `leads.links.csv`, as the command line names the same file. */
export const getLinksFileName = (source: string): string =>
  `${source.replace(/\.csv$/i, '') || 'prospects'}.links.csv`
