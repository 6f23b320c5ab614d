import { PROSPECT_FIELD_NAMES } from '#core/prospect-fields.ts'
import { forgetDraft, keepDraft, readDraft } from '../session/tab-drafts.ts'
import type { FormValues } from './form-values.ts'

/** One draft per form: a new prospect's, and each prospect's edit by the slug it had. */
const getDraftName = (original: string | null): string =>
  original === null ? 'prospect:new' : `prospect:${original}`

/** The fields every draft has had: one without them is of another shape. */
const DRAFT_FIELDS = ['slug', 'name', 'company_name'] as const

/**
 * The unsaved values of this form in this tab, if any (a draft of another shape is none). A field the
 * draft lacks is empty: the draft was kept before the form had that field (a deploy mid-edit).
 */
export function readFormDraft(original: string | null): FormValues | null {
  const draft = readDraft(getDraftName(original))
  if (typeof draft !== 'object' || draft === null) return null
  const kept = draft as Record<string, unknown>
  if (DRAFT_FIELDS.some((field) => typeof kept[field] !== 'string')) return null
  const values: Partial<FormValues> = {}
  for (const field of PROSPECT_FIELD_NAMES) {
    const value = kept[field] ?? ''
    if (typeof value !== 'string') return null
    values[field] = value
  }
  return values as FormValues
}

/** Keeps `values` as this form's draft, or forgets it when they are the values it started from. */
export function keepFormDraft(original: string | null, values: FormValues, initial: FormValues): void {
  if (isSameValues(values, initial)) forgetFormDraft(original)
  else keepDraft(getDraftName(original), values)
}

export const forgetFormDraft = (original: string | null): void => forgetDraft(getDraftName(original))

/** The same text in every field, as typed. */
export const isSameValues = (a: FormValues, b: FormValues): boolean =>
  PROSPECT_FIELD_NAMES.every((field) => a[field] === b[field])
