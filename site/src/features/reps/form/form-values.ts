import type { ProspectField } from '#core/prospect-fields.ts'
import type { ProspectFields } from '#core/rep-api.ts'

/** The form's values: text as typed; an empty `assistant_id` means the default assistant. */
export type FormValues = Record<ProspectField, string>

export const EMPTY_VALUES: FormValues = {
  slug: '',
  name: '',
  company_name: '',
  first_message: '',
  system: '',
  assistant_id: '',
}

export const toFormValues = (fields: ProspectFields): FormValues => ({
  ...fields,
  assistant_id: fields.assistant_id ?? '',
})
