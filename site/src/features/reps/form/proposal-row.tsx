import { useId } from 'react'
import { PROSPECT_FIELD_LABELS as LABELS } from '#core/prospect-fields.ts'
import { FACT_SOURCE_WORDS, type ProposedFact } from '#core/website-reading.ts'
import type { AgentTemplatesState } from '../agent/use-agent-templates.ts'
import { textLinkClass } from '../ui/field-styles.ts'
import { FactValue } from './fact-value.tsx'
import { describePage, getPageLink, isBlank, isSameValue } from './website-words.ts'

interface ProposalRowProps {
  fact: ProposedFact
  /** The form's value for the field now. */
  current: string
  ticked: boolean
  onTick: (ticked: boolean) => void
  templates: AgentTemplatesState
}

const noteClass = 'mt-0.5 text-sm break-words text-slate-600 dark:text-slate-400'

/**
 * One proposed detail: ticked or not, named by its field; its value, what the form has now when that
 * differs, and the page it was read on (a link, opening in a new tab, sending no referrer).
 */
export function ProposalRow({ fact, current, ticked, onTick, templates }: ProposalRowProps) {
  const id = useId()
  const { field, value, source } = fact
  const link = getPageLink(source.url)
  const where = describePage(source.url)
  const blank = isBlank(field, current)
  const same = !blank && isSameValue(field, value, current)
  return (
    <li className="flex gap-3 py-3">
      <input
        id={id}
        type="checkbox"
        checked={ticked}
        onChange={(event) => onTick(event.target.checked)}
        aria-describedby={`${id}-details`}
        className="mt-0.5 size-5 shrink-0 accent-indigo-600"
      />
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block text-sm font-semibold">
          {LABELS[field]}
        </label>
        <div id={`${id}-details`}>
          <div className="mt-0.5 break-words">
            <FactValue
              field={field}
              value={value}
              templates={templates}
              logoAlt="The logo found on the site"
            />
          </div>
          {same && <p className={noteClass}>The same as now.</p>}
          {!blank && !same && (
            <p className={noteClass}>
              Now:{' '}
              <FactValue field={field} value={current} templates={templates} logoAlt="The current logo" />
            </p>
          )}
          <p className={noteClass}>
            From {FACT_SOURCE_WORDS[source.kind]} on{' '}
            {link ? (
              <a
                href={link}
                target="_blank"
                rel="noreferrer"
                className={`${textLinkClass} font-normal break-all`}
              >
                {where}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              where
            )}
          </p>
        </div>
      </div>
    </li>
  )
}
