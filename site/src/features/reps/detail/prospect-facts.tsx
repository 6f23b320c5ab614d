import { Fragment } from 'react'
import { PROSPECT_FIELD_LABELS as LABELS } from '#core/prospect-fields.ts'
import type { RepProspectDetail, Stamp } from '#core/rep-api.ts'
import type { AgentTemplatesState } from '../agent/use-agent-templates.ts'
import { ColourSwatch } from '../ui/colour-swatch.tsx'
import { cardClass, textLinkClass } from '../ui/field-styles.ts'
import { formatDateTime, formatWho } from '../ui/format.ts'

const DETAILS = ['city', 'services', 'opening_hours', 'website', 'booking_link', 'description'] as const

const ddClass = 'break-words text-slate-700 dark:text-slate-300'

/**
 * Who owns the prospect, who created and last changed it, when; and its agent: the kind of business,
 * the details it was given (the business's phone, its own words and its colour among them), whose
 * words it speaks and which assistant.
 */
export function ProspectFacts({
  detail,
  templates,
}: {
  detail: RepProspectDetail
  templates: AgentTemplatesState
}) {
  const { fields } = detail
  return (
    <section aria-labelledby="facts-heading" className={cardClass}>
      <h2 id="facts-heading" className="text-lg font-bold tracking-tight">
        About this prospect
      </h2>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Owner</dt>
        <dd className={ddClass}>{detail.owner?.email ?? 'Nobody'}</dd>
        <dt className="font-semibold">Created</dt>
        <dd className="text-slate-700 dark:text-slate-300">
          <StampText stamp={detail.created} />
        </dd>
        <dt className="font-semibold">Updated</dt>
        <dd className="text-slate-700 dark:text-slate-300">
          <StampText stamp={detail.updated} />
        </dd>
        <dt className="font-semibold">Kind of business</dt>
        <dd className={ddClass}>{describeTemplate(fields.template, templates)}</dd>
        {DETAILS.map((field) => {
          const value = fields[field]
          return (
            value && (
              <Fragment key={field}>
                <dt className="font-semibold">{LABELS[field]}</dt>
                <dd className={ddClass}>{value}</dd>
              </Fragment>
            )
          )
        })}
        {fields.phone && (
          <>
            <dt className="font-semibold">{LABELS.phone}</dt>
            <dd className={ddClass}>
              <a href={`tel:${fields.phone.replace(/[^0-9+]/g, '')}`} className={textLinkClass}>
                {fields.phone}
              </a>
            </dd>
          </>
        )}
        {fields.theme_color && (
          <>
            <dt className="font-semibold">{LABELS.theme_color}</dt>
            <dd className={`${ddClass} flex items-center gap-2`}>
              <ColourSwatch colour={fields.theme_color} />
              <span className="font-mono">{fields.theme_color}</span>
            </dd>
          </>
        )}
        <dt className="font-semibold">Agent's words</dt>
        <dd className={ddClass}>{describeWords(fields.first_message, fields.system)}</dd>
        <dt className="font-semibold">Assistant</dt>
        <dd className={ddClass}>{fields.assistant_id ?? 'The default assistant'}</dd>
      </dl>
    </section>
  )
}

/** The template's label; its name while the labels load or if they cannot. */
function describeTemplate(template: string | null, templates: AgentTemplatesState): string {
  if (templates.status !== 'done') return template ?? 'general'
  const { set } = templates.templates
  const label = set.get(template).source.label
  // The server serves the general agent for a template it no longer has: say both.
  return template === null || set.has(template) ? label : `${label} (“${template}” is no longer offered)`
}

function describeWords(firstMessage: string | null, system: string | null): string {
  if (firstMessage && system) return 'Its own first message and system prompt'
  if (firstMessage) return "Its own first message; the template's system prompt"
  if (system) return "The template's first message; its own system prompt"
  return "The template's"
}

/** "3 Mar 2025, 14:02 by ann@example.com" */
export function StampText({ stamp }: { stamp: Stamp }) {
  return (
    <>
      <time dateTime={stamp.at}>{formatDateTime(stamp.at)}</time>{' '}
      <span className="break-words">by {formatWho(stamp)}</span>
    </>
  )
}
