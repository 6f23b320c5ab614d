import { type Ref, useId, useState } from 'react'
import type { AiStepState, WebsiteFactField, WebsiteReading } from '#core/website-reading.ts'
import { primaryButtonClass, secondaryButtonClass } from '../../../components/button-styles.ts'
import type { AgentTemplatesState } from '../agent/use-agent-templates.ts'
import { hintClass } from '../ui/field-styles.ts'
import type { FormValues } from './form-values.ts'
import { ProposalRow } from './proposal-row.tsx'
import { describeSite, isTickedAtFirst } from './website-words.ts'

interface WebsiteProposalsProps {
  reading: WebsiteReading
  /** The form as it is now: what each proposal would replace. */
  values: FormValues
  templates: AgentTemplatesState
  /** The ticked proposals, field by field. */
  onUse: (changes: Partial<FormValues>) => void
  onDismiss: () => void
  /** The heading, focused when the proposals appear after the rep asked for them. */
  headingRef: Ref<HTMLHeadingElement>
}

const AI_NOTES: Record<AiStepState, string | null> = {
  off: "Read from the site's own data and text only: the AI summary is not set up on this server.",
  failed: "The AI summary could not be used this time; these come from the site's own data and text.",
  used: null,
}

const smallButton = 'px-3 py-2'

/**
 * What the website proposes, one row per detail with where it was found, each to tick or not. A
 * detail the form already has another value for starts unticked: nothing the rep typed is replaced
 * without their say. "Use selected" puts the ticked ones in the form (nothing is saved yet).
 */
export function WebsiteProposals({
  reading,
  values,
  templates,
  onUse,
  onDismiss,
  headingRef,
}: WebsiteProposalsProps) {
  const id = useId()
  const { facts } = reading
  const [ticked, setTicked] = useState<ReadonlySet<WebsiteFactField>>(
    () =>
      new Set(facts.filter((fact) => isTickedAtFirst(fact.field, fact.value, values)).map((f) => f.field)),
  )
  const toggle = (field: WebsiteFactField, on: boolean) =>
    setTicked((earlier) => {
      const next = new Set(earlier)
      if (on) next.add(field)
      else next.delete(field)
      return next
    })
  const use = () =>
    onUse(Object.fromEntries(facts.filter((fact) => ticked.has(fact.field)).map((f) => [f.field, f.value])))
  const note = AI_NOTES[reading.ai]
  const pages = reading.pages.length

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-xl border border-indigo-200 bg-indigo-50/60 p-4 dark:border-indigo-500/30 dark:bg-indigo-500/10"
    >
      <h2
        id={`${id}-heading`}
        ref={headingRef}
        tabIndex={-1}
        className="rounded text-base font-bold tracking-tight break-words focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        Details found on {describeSite(reading.website)}
      </h2>
      {facts.length === 0 ? (
        <p className={hintClass}>Nothing to fill in: the site has no details we could read.</p>
      ) : (
        <p className={hintClass}>
          From {pages} {pages === 1 ? 'page' : 'pages'} of the site. Tick the details to use: a detail you
          already filled in is only replaced if you tick it. Nothing is saved until you save the prospect.
        </p>
      )}
      {note && <p className={hintClass}>{note}</p>}
      {facts.length > 0 && (
        <>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <button
              type="button"
              className={`${secondaryButtonClass} ${smallButton}`}
              onClick={() => setTicked(new Set(facts.map((fact) => fact.field)))}
            >
              Select all
            </button>
            <button
              type="button"
              className={`${secondaryButtonClass} ${smallButton}`}
              onClick={() => setTicked(new Set())}
            >
              Select none
            </button>
            <span className="text-sm text-slate-600 dark:text-slate-400">
              {ticked.size} of {facts.length} selected
            </span>
          </div>
          <ul className="mt-2 divide-y divide-indigo-200/70 dark:divide-indigo-500/20">
            {facts.map((fact) => (
              <ProposalRow
                key={fact.field}
                fact={fact}
                current={values[fact.field]}
                ticked={ticked.has(fact.field)}
                onTick={(on) => toggle(fact.field, on)}
                templates={templates}
              />
            ))}
          </ul>
        </>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {facts.length > 0 && (
          <button
            type="button"
            className={`${primaryButtonClass} disabled:cursor-not-allowed disabled:opacity-60`}
            disabled={ticked.size === 0}
            onClick={use}
          >
            Use selected
          </button>
        )}
        <button type="button" className={secondaryButtonClass} onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </section>
  )
}
