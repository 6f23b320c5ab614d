import { useState } from 'react'
import { DEFAULT_TEMPLATE_ID } from '#core/agent-template.ts'
import { PROSPECT_FIELD_LABELS as LABELS, type ProspectField } from '#core/prospect-fields.ts'
import type { AgentTemplatesState } from '../agent/use-agent-templates.ts'
import { Alert } from '../ui/alert.tsx'
import { hintClass } from '../ui/field-styles.ts'
import { SelectField } from '../ui/select-field.tsx'
import { TextField } from '../ui/text-field.tsx'
import { type FormValues, hasOwnWords } from './form-values.ts'

/** What ties a field to the form: its name, value, change and problem. */
export interface FieldBinding {
  name: ProspectField
  value: string
  onValue: (value: string) => void
  error: string | undefined
}

interface AgentFieldsProps {
  values: FormValues
  bind: (name: ProspectField) => FieldBinding
  templates: AgentTemplatesState
  /** The values the form started from: a prospect with its own words starts with them shown. */
  initial: FormValues
}

const DETAILS = [
  {
    field: 'city',
    label: LABELS.city,
    hint: 'Where the business is, as the agent would say it: Austin, or the east side of Austin.',
  },
  {
    field: 'services',
    label: LABELS.services,
    hint: 'What the business offers, as the agent would say it: check-ups, cleanings and whitening',
  },
  {
    field: 'opening_hours',
    label: LABELS.opening_hours,
    hint: 'As the agent would say them: Monday to Friday, 8 am to 6 pm.',
  },
  {
    field: 'booking_link',
    label: LABELS.booking_link,
    hint: 'Where callers can book for themselves; the agent offers it to those who would rather.',
  },
] as const

const OWN_WORDS_HINT = (
  <>
    Empty: the template's. You can use the same placeholders, such as{' '}
    <code className="font-mono">{'{{ company_name }}'}</code>.
  </>
)

/**
 * The agent part of the form: the kind of business (the agent template), the details it is told,
 * and, behind a disclosure, the prospect's own first message and system prompt in place of the
 * template's. Until the templates load the choice waits; if they cannot load, the template stays as
 * it is and the rest of the form still saves.
 */
export function AgentFields({ values, bind, templates, initial }: AgentFieldsProps) {
  // Read once (the saved words, or a restored draft's): after that the disclosure is the rep's to open and close.
  const [ownWordsOpen] = useState(() => hasOwnWords(initial) || hasOwnWords(values))
  return (
    <fieldset className="border-t border-slate-200 pt-5 dark:border-slate-800">
      <legend className="text-base font-bold tracking-tight">Agent</legend>
      <p className={hintClass}>
        The voice agent the prospect talks to: the kind of business's agent, told the details below. Leave a
        detail empty and the agent does without it.
      </p>
      <div className="mt-5 space-y-5">
        <TemplateSelect values={values} bind={bind} templates={templates} />
        {DETAILS.map(({ field, label, hint }) => (
          <TextField key={field} label={label} {...bind(field)} hint={hint} autoComplete="off" />
        ))}
        <details open={ownWordsOpen} className="rounded-xl border border-slate-200 dark:border-slate-800">
          <summary className="cursor-pointer rounded-xl px-4 py-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400">
            Write the agent's words yourself
          </summary>
          <div className="space-y-5 px-4 pb-4">
            <TextField
              label={`${LABELS.first_message} (optional)`}
              {...bind('first_message')}
              rows={3}
              hint={OWN_WORDS_HINT}
            />
            <TextField
              label={`${LABELS.system} (optional)`}
              {...bind('system')}
              rows={8}
              hint={OWN_WORDS_HINT}
            />
          </div>
        </details>
      </div>
    </fieldset>
  )
}

function TemplateSelect({ values, bind, templates }: Omit<AgentFieldsProps, 'initial'>) {
  // No template is the general one, so the choice shows it (and the value stays none until changed).
  const value = values.template.trim() || DEFAULT_TEMPLATE_ID
  const binding = { ...bind('template'), value }
  if (templates.status !== 'done') {
    return (
      <>
        {templates.status === 'error' && (
          <Alert>
            The kinds of business could not be loaded. {templates.message} The agent keeps the kind it has
            meanwhile, and the rest of the form still saves.
          </Alert>
        )}
        <SelectField label={LABELS.template} {...binding} disabled>
          <option value={value}>{describeUnlisted(templates.status, value)}</option>
        </SelectField>
      </>
    )
  }
  const { set } = templates.templates
  const chosen = set.has(value) ? set.get(value).source : null
  return (
    <SelectField
      label={LABELS.template}
      {...binding}
      hint={chosen?.description ?? 'This kind of business is no longer offered: choose another.'}
    >
      {set.list.map(({ source }) => (
        <option key={source.id} value={source.id}>
          {source.label}
        </option>
      ))}
      {/* A saved prospect's kind that is offered no more: still shown, never silently changed. */}
      {!chosen && <option value={value}>No longer offered</option>}
    </SelectField>
  )
}

/** The one option while the kinds of business are not listed: loading, or kept as it is. */
function describeUnlisted(status: 'loading' | 'error', value: string): string {
  if (status === 'loading') return 'Loading the kinds of business…'
  return value === DEFAULT_TEMPLATE_ID ? 'General' : 'Kept as saved'
}
