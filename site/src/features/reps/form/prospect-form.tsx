import { type FormEvent, useEffect, useRef } from 'react'
import type { ProspectField } from '#core/prospect-fields.ts'
import { primaryButtonClass } from '../../../components/button-styles.ts'
import { Alert } from '../ui/alert.tsx'
import { TextField } from '../ui/text-field.tsx'
import { SlugStatus } from './slug-status.tsx'
import type { ProspectForm as FormState } from './use-prospect-form.ts'
import { useSlugAvailability } from './use-slug-availability.ts'

interface ProspectFormProps {
  form: FormState
  /** The prospect's slug when editing; null for a new one. */
  original: string | null
  onSubmit: () => void
}

/**
 * The prospect's six fields, each with its problem under it as it is typed, and the slug's
 * availability. After a refused save, focus moves to the first field with a problem.
 */
export function ProspectForm({ form, original, onSubmit }: ProspectFormProps) {
  const { values, errors, set } = form
  const availability = useSlugAvailability(values.slug, original)
  const formRef = useRef<HTMLFormElement>(null)

  useEffect(() => {
    if (form.refusals === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [form.refusals])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  const origin = window.location.origin
  const slugTaken = availability.status === 'taken' ? availability.reason : null
  /** What ties a field to the form: its name, value, change and problem. */
  const bind = (name: ProspectField) => ({
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
      <TextField
        label="First message"
        {...bind('first_message')}
        rows={3}
        hint="What the voice agent says first."
      />
      <TextField
        label="System prompt"
        {...bind('system')}
        rows={8}
        hint="How the voice agent behaves: the business, its services, what to ask and what to book."
      />
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
