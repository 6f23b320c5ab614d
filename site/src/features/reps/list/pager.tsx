import { secondaryButtonClass } from '../../../components/button-styles.ts'
import { formatCount } from '../ui/format.ts'

interface PagerProps {
  page: number
  pageSize: number
  total: number
  onPage: (page: number) => void
}

/** "1–50 of 9,812" with Previous and Next; the server pages, so only one page is ever loaded. */
export function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const first = Math.min((page - 1) * pageSize + 1, total)
  const last = Math.min(page * pageSize, total)
  const pages = Math.max(1, Math.ceil(total / pageSize))
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {total === 0 ? 'None' : `${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}`}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className={`${secondaryButtonClass} px-4 py-2 disabled:opacity-50`}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </button>
        <button
          type="button"
          className={`${secondaryButtonClass} px-4 py-2 disabled:opacity-50`}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
      </div>
    </nav>
  )
}
