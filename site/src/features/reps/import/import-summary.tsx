import { useEffect, useMemo } from 'react'
import type { ImportResult } from '#core/rep-api.ts'
import { primaryButtonClass } from '../../../components/button-styles.ts'
import { formatCount } from '../ui/format.ts'
import { createLinksCsv, getLinksFileName } from './links-csv.ts'

/**
 * What an import did, and its links as a CSV file to download (made here, from the answer), named
 * after the file imported (`prospects.links.csv` when the page came back to the import without it).
 */
export function ImportSummary({ result, fileName }: { result: ImportResult; fileName: string }) {
  const href = useMemo(
    () => URL.createObjectURL(new Blob([createLinksCsv(result.links)], { type: 'text/csv' })),
    [result],
  )
  useEffect(() => () => URL.revokeObjectURL(href), [href])
  const rows = result.inserted + result.updated + result.unchanged
  return (
    <div className="space-y-4">
      <div
        role="status"
        className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 dark:border-emerald-500/30 dark:bg-emerald-500/10"
      >
        <p className="font-semibold text-emerald-900 dark:text-emerald-200">
          Imported {formatCount(rows)} {rows === 1 ? 'row' : 'rows'}.
        </p>
        <ul className="mt-1 text-sm text-emerald-900 dark:text-emerald-200">
          <li>{formatCount(result.inserted)} new</li>
          <li>{formatCount(result.updated)} updated</li>
          <li>{formatCount(result.unchanged)} unchanged</li>
        </ul>
      </div>
      <a href={href} download={getLinksFileName(fileName)} className={primaryButtonClass}>
        Download the links (CSV)
      </a>
    </div>
  )
}
