import { UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import { secondaryButtonClass } from '../../../components/button-styles.ts'
import { useKeyedLoad } from '../../../lib/use-keyed-load.ts'
import { getTeamHistory } from '../api/team-endpoints.ts'
import { Alert } from '../ui/alert.tsx'
import { formatDateTime } from '../ui/format.ts'
import { describeChange } from './team-words.ts'

const entryClass = 'border-l-2 border-indigo-200 pl-3 break-words dark:border-indigo-500/40'

/** The key is the person's id and a count of changes seen, after `#`: a change asks again. */
const loadHistory = (key: string, signal: AbortSignal) =>
  getTeamHistory(key.slice(0, key.indexOf('#')), signal)

interface TeamHistoryProps {
  id: string
  email: string
  /** Grows with each change made on this page, and with Try again. */
  version: number
  onRetry: () => void
}

/** A person's latest account changes, newest first, as the server keeps them for the page and the command line. */
export function TeamHistory({ id, email, version, onRetry }: TeamHistoryProps) {
  const state = useKeyedLoad(`${id}#${version}`, loadHistory, { failedMessage: UNAVAILABLE_MESSAGE })
  const headingId = `history-${id}`
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold">
        History of {email}
      </h3>
      {state.status === 'loading' && (
        <p role="status" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Loading history…
        </p>
      )}
      {state.status === 'error' && (
        <div className="mt-2 space-y-2">
          <Alert>{state.message}</Alert>
          <button type="button" className={`${secondaryButtonClass} py-2`} onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'done' && state.value.history.length === 0 && (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Nothing recorded yet.</p>
      )}
      {state.status === 'done' && state.value.history.length > 0 && (
        <ol className="mt-2 space-y-2 text-sm">
          {state.value.history.map((entry, index) => (
            // Entries have no id; their order is the server's and never changes under a page.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className={entryClass}>
              {describeChange(entry)}{' '}
              <span className="text-slate-600 dark:text-slate-400">
                · <time dateTime={entry.stamp.at}>{formatDateTime(entry.stamp.at)}</time>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
