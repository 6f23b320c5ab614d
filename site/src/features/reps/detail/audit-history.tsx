import { PROSPECT_FIELD_LABELS, type ProspectField } from '#core/prospect-fields.ts'
import type { AuditAction, AuditEntry } from '#core/rep-api.ts'
import { cardClass } from '../ui/field-styles.ts'
import { StampText } from './prospect-facts.tsx'

const ACTIONS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  import: 'Imported',
  website: 'Filled from their website',
  restore: 'Brought back',
}

/**
 * A changed field as the form labels it: the trail is read by reps, who know the form, not its
 * columns. `owner` is the owner picker's; a name the site does not know yet is shown as it came.
 */
function fieldLabel(field: string): string {
  if (field === 'owner') return 'Owner'
  return PROSPECT_FIELD_LABELS[field as ProspectField] ?? field
}

/** The prospect's trail as the server keeps it: what happened, who did it and when, what changed. */
export function AuditHistory({ history, slug }: { history: AuditEntry[]; slug: string }) {
  return (
    <section aria-labelledby="history-heading" className={cardClass}>
      <h2 id="history-heading" className="text-lg font-bold tracking-tight">
        History
      </h2>
      {history.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Nothing recorded yet.</p>
      ) : (
        <ol className="mt-3 space-y-3 text-sm">
          {history.map((entry, index) => (
            // Entries have no id; their order is the server's and never changes under a page.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="border-l-2 border-indigo-200 pl-3 dark:border-indigo-500/40">
              <p>
                <span className="font-semibold">{ACTIONS[entry.action]}</span>
                {/* A renamed prospect's older entries name the slug it had then. */}
                {entry.slug !== slug && <span className="font-mono text-xs"> as /{entry.slug}</span>}{' '}
                <span className="text-slate-700 dark:text-slate-300">
                  <StampText stamp={entry.stamp} />
                </span>
              </p>
              {entry.changed.length > 0 && (
                <p className="mt-0.5 text-slate-600 dark:text-slate-400">
                  Changed: {entry.changed.map(fieldLabel).join(', ')}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
