import { type FormEvent, type ReactNode, useEffect, useRef } from 'react'
import { PROSPECT_FIELD_LABELS as LABELS, type ProspectField } from '#core/prospect-fields.ts'
import { primaryButtonClass, secondaryButtonClass } from '../../../components/button-styles.ts'
import type { AgentTemplatesState } from '../agent/use-agent-templates.ts'
import { Alert } from '../ui/alert.tsx'
import { TextField } from '../ui/text-field.tsx'
import { AgentFields, type FieldBinding } from './agent-fields.tsx'
import { BusinessFields } from './business-fields.tsx'
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
  /** The owner picker, for an admin (owner-field.tsx); a rep's prospects are theirs, so none. */
  ownerField?: ReactNode
  /** Read the website as the form opens ("Refresh from website" on the prospect's page). */
  readWebsiteAtOnce?: boolean
}

/**
 * The prospect's fields, each with its problem under it as it is typed, and the slug's availability:
 * who the page greets, the business (BusinessFields, with Fill from website), then the agent
 * (AgentFields). After a refused save, focus moves to the first field with a problem, opening the
 * disclosure it may be in.
 */
export function ProspectForm({
  form,
  original,
  initial,
  templates,
  onSubmit,
  ownerField,
  readWebsiteAtOnce = false,
}: ProspectFormProps) {
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
  // The note and its button go: focus stays in the form, on its first field.
  const discard = () => {
    form.discard()
    formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus()
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
      {form.restored && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-950 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-100"
        >
          <p>Your unsaved changes were restored.</p>
          <button type="button" className={`${secondaryButtonClass} px-3 py-2`} onClick={discard}>
            Discard changes
          </button>
        </div>
      )}
      <TextField label={LABELS.company_name} {...bind('company_name')} autoComplete="off" />
      <TextField
        label={LABELS.name}
        {...bind('name')}
        autoComplete="off"
        hint="The person the page greets: “Hey Maya, here's what I've built…”"
      />
      <TextField
        label={LABELS.slug}
        {...bind('slug')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputClassName="font-mono"
        hint={`The page's address: ${origin}/${values.slug.trim() || '…'}`}
        status={<SlugStatus availability={availability} />}
        error={errors.slug ?? slugTaken}
      />
      <BusinessFields
        values={values}
        bind={bind}
        setFields={form.setFields}
        templates={templates}
        readWebsiteAtOnce={readWebsiteAtOnce}
      />
      <AgentFields values={values} bind={bind} templates={templates} initial={initial} />
      <TextField
        label={`${LABELS.assistant_id} (optional)`}
        {...bind('assistant_id')}
        autoComplete="off"
        spellCheck={false}
        inputClassName="font-mono"
        hint="The prospect's own voice assistant, if one was built. Empty: the default assistant."
      />
      {ownerField}
      {form.formError && <Alert>{form.formError}</Alert>}
      <button type="submit" className={primaryButtonClass} disabled={form.busy}>
        {form.busy ? 'Saving…' : original === null ? 'Create prospect' : 'Save changes'}
      </button>
    </form>
  )
}
