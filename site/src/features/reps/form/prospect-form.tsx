import { type FormEvent, useEffect, useRef } from 'react'
import type { ProspectField } from '#core/prospect-fields.ts'
import { primaryButtonClass } from '../../../components/button-styles.ts'
import type { AgentTemplatesState } from '../agent/use-agent-templates.ts'
import { Alert } from '../ui/alert.tsx'
import { TextField } from '../ui/text-field.tsx'
import { AgentFields, type FieldBinding } from './agent-fields.tsx'
import type { FormValues } from './form-values.ts'
import { SlugStatus } from './slug-status.tsx'
import type { ProspectForm as FormState } from './use-prospect-form.ts'
import { useSlugAvailability } from './use-slug-availability.ts'

interface ProspectFormProps {
  form: FormState
  /** The prospect's slug when editing; null for a new one. */
  original: string | null
  /** The values the form started from. */
  initial: FormValues
  templates: AgentTemplatesState
  onSubmit: () => void
}

/**
 * The prospect's fields, each with its problem under it as it is typed, and the slug's availability:
 * who the page greets, then the agent (AgentFields). After a refused save, focus moves to the first
 * field with a problem, opening the disclosure it may be in.
 */
export function ProspectForm({ form, original, initial, templates, onSubmit }: ProspectFormProps) {
  const { values, errors, set } = form
  const availability = useSlugAvailability(values.slug, original)
  const formRef = useRef<HTMLFormElement>(null)

  useEffect(() => {
    if (form.refusals === 0) return
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    const disclosure = invalid?.closest('details')
    if (disclosure) disclosure.open = true
    invalid?.focus()
  }, [form.refusals])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  const origin = window.location.origin
  const slugTaken = availability.status === 'taken' ? availability.reason : null
  const bind = (name: ProspectField): FieldBinding => ({
    name,
    value: values[name],
    onValue: (value: string) => set(name, value),
    error: errors[name],
  })

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
      <TextField label="Company name" {...bind('company_name')} autoComplete="off" />
      <TextField
        label="Contact name"
        {...bind('name')}
        autoComplete="off"
        hint="The person the page greets: “Hey Maya, here's what I've built…”"
      />
      <TextField
        label="Slug"
        {...bind('slug')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputClassName="font-mono"
        hint={`The page's address: ${origin}/${values.slug.trim() || '…'}`}
        status={<SlugStatus availability={availability} />}
        error={errors.slug ?? slugTaken}
      />
      <AgentFields values={values} bind={bind} templates={templates} initial={initial} />
      <TextField
        label="Assistant ID (optional)"
        {...bind('assistant_id')}
        autoComplete="off"
        spellCheck={false}
        inputClassName="font-mono"
        hint="The prospect's own voice assistant, if one was built. Empty: the default assistant."
      />
      {form.formError && <Alert>{form.formError}</Alert>}
      <button type="submit" className={primaryButtonClass} disabled={form.busy}>
        {form.busy ? 'Saving…' : original === null ? 'Create prospect' : 'Save changes'}
      </button>
    </form>
  )
}
