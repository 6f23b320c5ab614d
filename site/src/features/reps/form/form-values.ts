import { DEFAULT_TEMPLATE_ID } from '#core/agent-template.ts'
import { normalizeProspectFields, PROSPECT_FIELD_NAMES, type ProspectField } from '#core/prospect-fields.ts'
import type { ProspectFields } from '#core/rep-api.ts'

/** The form's values: text as typed; '' is none (the general template, no detail, the template's words). */
export type FormValues = Record<ProspectField, string>

export const EMPTY_VALUES: FormValues = {
  slug: '',
  name: '',
  company_name: '',
  template: DEFAULT_TEMPLATE_ID,
  city: '',
  services: '',
  opening_hours: '',
  website: '',
  booking_link: '',
  phone: '',
  description: '',
  logo: '',
  theme_color: '',
  first_message: '',
  system: '',
  assistant_id: '',
}

export function toFormValues(fields: ProspectFields): FormValues {
  const values = { ...EMPTY_VALUES }
  for (const field of PROSPECT_FIELD_NAMES) values[field] = fields[field] ?? ''
  return values
}

/**
 * Whether saving `values` would give the prospect the same agent and page as `saved`: the same fields
 * once stored (trimmed, empty as none), no template and the general one being the same template.
 */
export function isSameProspect(values: FormValues, saved: ProspectFields): boolean {
  const typed = normalizeProspectFields(values)
  const stored = normalizeProspectFields(saved)
  return PROSPECT_FIELD_NAMES.every((field) =>
    field === 'template'
      ? (typed.template ?? DEFAULT_TEMPLATE_ID) === (stored.template ?? DEFAULT_TEMPLATE_ID)
      : typed[field] === stored[field],
  )
}

/** Whether the prospect has its own first message or system prompt in place of its template's. */
export const hasOwnWords = (values: FormValues): boolean =>
  values.first_message.trim() !== '' || values.system.trim() !== ''
