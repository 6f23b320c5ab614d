import { describeDemoAction } from '#core/demo-actions.ts'
import type { TimelineEntry } from '#core/engagement.ts'
import { describeCallReport, describeEvent } from './describe-entry.ts'
import { describeEndedReason } from './ended-reason.ts'
import { TimeAgo } from './time-ago.tsx'

/** One line of the timeline: what happened and when; a call report with its summary and transcript. */
export function TimelineItem({ entry, now }: { entry: TimelineEntry; now: Date }) {
  const when = (
    <span className="text-slate-600 dark:text-slate-400">
      {' '}
      · <TimeAgo at={entry.at} now={now} />
    </span>
  )
  if (entry.kind === 'event') {
    return (
      <li className="border-l-2 border-indigo-200 pl-3 dark:border-indigo-500/40">
        <p>
          <span className="font-semibold">{describeEvent(entry)}</span>
          {when}
        </p>
      </li>
    )
  }
  if (entry.kind === 'demo_action') {
    return (
      <li className="border-l-2 border-emerald-300 pl-3 dark:border-emerald-500/50">
        <p>
          <span className="font-semibold">{describeDemoAction(entry.action)}</span>
          {when}
        </p>
        {entry.action.kind === 'message' && (
          <p className="mt-0.5 break-words text-slate-600 dark:text-slate-400">
            “{entry.action.message.text}”
          </p>
        )}
      </li>
    )
  }
  return (
    <li className="border-l-2 border-violet-300 pl-3 dark:border-violet-500/50">
      <p>
        <span className="font-semibold">{describeCallReport(entry)}</span>
        {when}
      </p>
      {entry.endedReason && (
        <p className="mt-0.5 text-slate-600 dark:text-slate-400">{describeEndedReason(entry.endedReason)}</p>
      )}
      {entry.summary && <p className="mt-1 break-words whitespace-pre-line">{entry.summary}</p>}
      {entry.transcript.length > 0 && (
        <details className="mt-1">
          <summary className="cursor-pointer rounded font-semibold text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-300">
            Transcript ({entry.transcript.length} lines)
          </summary>
          <ol className="mt-2 space-y-1">
            {entry.transcript.map((line, index) => (
              // Lines have no id and never change order.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index} className="break-words">
                <span className="font-semibold">{line.speaker === 'agent' ? 'Agent' : 'Prospect'}:</span>{' '}
                {line.text}
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  )
}
