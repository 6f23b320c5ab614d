import type { RowProblem } from '#core/errors.ts'
import { Alert } from '../ui/alert.tsx'
import { formatCount } from '../ui/format.ts'

/** Enough rows to fix a file from; a file with more bad rows than this has one problem many times. */
const SHOWN = 500

/** Why nothing was imported: the server's summary, then each bad row by the line it starts on. */
export function ImportProblems({ message, problems }: { message: string; problems: RowProblem[] }) {
  const shown = problems.slice(0, SHOWN)
  return (
    <div className="space-y-4">
      <Alert>{message}</Alert>
      {/* Scrolls by itself when long: a focus stop, so a keyboard can scroll it too. */}
      <section
        aria-label="Problems"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        className="max-h-[32rem] overflow-auto rounded-2xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-slate-800"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">Problems, by line of the file</caption>
          <thead className="sticky top-0 bg-slate-50 text-left text-slate-700 dark:bg-slate-900 dark:text-slate-300">
            <tr>
              <th scope="col" className="w-20 px-3 py-2 font-semibold">
                Line
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Problem
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {shown.map((problem) => (
              <tr key={problem.line}>
                <td className="px-3 py-2 align-top font-mono">{problem.line}</td>
                <td className="px-3 py-2 break-words">{problem.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {problems.length > SHOWN && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The first {formatCount(SHOWN)} of {formatCount(problems.length)} rows with problems are shown.
        </p>
      )}
    </div>
  )
}
