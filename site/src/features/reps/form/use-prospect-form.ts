import { useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import {
  checkProspectFields,
  normalizeProspectFields,
  type ProspectField,
  suggestSlug,
} from '#core/prospect-fields.ts'
import type { FieldErrors, RepProspectDetail } from '#core/rep-api.ts'
import { saveProspect } from '../api/rep-endpoints.ts'
import { RepRequestFailure } from '../api/rep-failure.ts'
import { forgetFormDraft, isSameValues, keepFormDraft, readFormDraft } from './form-draft.ts'
import type { FormValues } from './form-values.ts'

export interface ProspectForm {
  values: FormValues
  /** The message to show under each field, if any: the server's answer first, then the rule's. */
  errors: FieldErrors
  set: (field: ProspectField, value: string) => void
  /** Several fields at once (details accepted from the website), each as if typed. */
  setFields: (changes: Partial<FormValues>) => void
  /**
   * Saves, or shows why not; resolves with the saved prospect, or null. `ownerId`: an admin's choice
   * of owner (null: nobody); absent, a new prospect is the rep's and a saved one keeps its owner.
   */
  submit: (ownerId?: string | null) => Promise<RepProspectDetail | null>
  busy: boolean
  /** Why the last save failed, for the whole form. */
  formError: string | null
  /** Bumped when a save was refused, so the page can move focus to the first field with a problem. */
  refusals: number
  /** The form started from this tab's unsaved draft rather than from `initial`, until saved or discarded. */
  restored: boolean
  /** Back to the values the form started from, forgetting the draft. */
  discard: () => void
}

/** Why the last save was refused; `overFields` when the marked fields were the reason. */
interface Refusal {
  message: string
  overFields: boolean
}

/**
 * The state of the new/edit form. Fields are checked as they are typed with the same rule as the
 * server and the CSV import (core/prospect-fields.ts), shown once a field was touched or a save was
 * tried. A new prospect's slug follows the company name until the rep edits the slug themselves.
 * The server's field errors stay on their field until its value changes. The template is checked
 * against `templateIds` once they are known; until then (or if they cannot be loaded) by its rule only.
 * What is typed is kept as this tab's draft (form-draft.ts) until it is saved or discarded, and the
 * form starts from it: nothing typed is lost to a reload or to a session that ended mid-edit.
 */
export function useProspectForm(
  initial: FormValues,
  original: string | null,
  templateIds: readonly string[] | null,
): ProspectForm {
  const [draft] = useState(() => {
    const kept = readFormDraft(original)
    return kept && !isSameValues(kept, initial) ? kept : null
  })
  const [values, setValues] = useState(draft ?? initial)
  const [restored, setRestored] = useState(draft !== null)
  // A slug that is not the company name's suggestion was the rep's own: it no longer follows.
  const [slugEdited, setSlugEdited] = useState(
    original !== null || (draft !== null && draft.slug !== (suggestSlug(draft.company_name) ?? '')),
  )
  const [touched, setTouched] = useState<Partial<Record<ProspectField, true>>>({})
  const [tried, setTried] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const [refusals, setRefusals] = useState(0)

  const ruleErrors = checkProspectFields(values, templateIds ? { templateIds } : {})
  const errors: FieldErrors = {}
  for (const field of Object.keys(values) as ProspectField[]) {
    const message = serverErrors[field] ?? (tried || touched[field] ? ruleErrors[field] : undefined)
    if (message !== undefined) errors[field] = message
  }
  // A refusal over marked fields is over once none is marked; any other stays until the next save.
  const formError =
    refusal && (!refusal.overFields || Object.keys(errors).length > 0) ? refusal.message : null

  const setFields = (changes: Partial<FormValues>) => {
    const next = { ...values, ...changes }
    const changed = Object.keys(changes) as ProspectField[]
    if (changed.includes('slug')) setSlugEdited(true)
    else if (changes.company_name !== undefined && !slugEdited)
      next.slug = suggestSlug(next.company_name) ?? ''
    setValues(next)
    keepFormDraft(original, next, initial)
    setTouched((earlier) => ({ ...earlier, ...Object.fromEntries(changed.map((field) => [field, true])) }))
    // Every value that changed, the slug that followed the company name too: the server's word on it
    // is about a value no longer there (and the form's summary goes with the last such word).
    setServerErrors((earlier) => {
      const kept: FieldErrors = {}
      for (const [name, message] of Object.entries(earlier) as [ProspectField, string][]) {
        if (next[name] === values[name]) kept[name] = message
      }
      return kept
    })
  }
  const set = (field: ProspectField, value: string) => setFields({ [field]: value })

  const discard = () => {
    forgetFormDraft(original)
    setValues(initial)
    setRestored(false)
    setSlugEdited(original !== null)
    setTouched({})
    setTried(false)
    setServerErrors({})
    setRefusal(null)
  }

  const refuse = (message: string, overFields: boolean) => {
    setRefusal({ message, overFields })
    setRefusals((count) => count + 1)
  }

  const submit = async (ownerId?: string | null): Promise<RepProspectDetail | null> => {
    setTried(true)
    if (Object.keys(ruleErrors).length > 0) {
      refuse('Please correct the marked fields.', true)
      return null
    }
    setBusy(true)
    setRefusal(null)
    try {
      const saved = await saveProspect(normalizeProspectFields(values), original, ownerId)
      forgetFormDraft(original)
      return saved
    } catch (failure) {
      let fields: FieldErrors = {}
      if (failure instanceof RepRequestFailure) {
        // 409: the slug is another prospect's; the message belongs on the slug field.
        fields = failure.code === 'slug_taken' ? { slug: failure.message } : failure.fields
        setServerErrors(fields)
      }
      const message = failure instanceof RequestFailure ? failure.message : UNAVAILABLE_MESSAGE
      refuse(message, Object.keys(fields).length > 0)
      return null
    } finally {
      setBusy(false)
    }
  }

  return { values, errors, set, setFields, submit, busy, formError, refusals, restored, discard }
}
