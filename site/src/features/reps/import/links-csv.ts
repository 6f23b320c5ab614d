import type { ImportResponse } from '#core/rep-api.ts'

/** A field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
const quote = (field: string): string => (/[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field)

/**
 * The import's links as a CSV file (`slug,url`, one row per imported row, in file order), made here
 * from the answer rather than asked for again. CRLF line ends, as spreadsheets write them.
 */
export function createLinksCsv(links: ImportResponse['links']): string {
  const rows = [['slug', 'url'], ...links.map((link) => [link.slug, link.url])]
  return `${rows.map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`
}

/** `leads.csv` → `leads.links.csv`, as the command line names the same file. */
export const getLinksFileName = (source: string): string =>
  `${source.replace(/\.csv$/i, '') || 'prospects'}.links.csv`
