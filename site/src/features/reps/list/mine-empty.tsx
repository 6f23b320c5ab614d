import { textLinkClass } from '../ui/field-styles.ts'

/**
 * What an empty "Mine" says: the lists open on the rep's own prospects, so a new rep (or one whose
 * prospects went to someone else) is told why there is nothing, with everyone's one click away.
 */
export function MineEmpty({ onShowAll }: { onShowAll: () => void }) {
  return (
    <p className="rounded-2xl border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
      You do not own any prospects yet.{' '}
      <button type="button" className={textLinkClass} onClick={onShowAll}>
        Show everyone's
      </button>
    </p>
  )
}
