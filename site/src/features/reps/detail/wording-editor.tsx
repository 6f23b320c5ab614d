import { type FormEvent, useState } from 'react'
import { MESSAGE_PLACEHOLDERS } from '#core/agent-text.ts'
import { RequestFailure } from '#core/api-error.ts'
import type { ProspectFields } from '#core/prospect-fields.ts'
import {
  checkOutreachWording,
  DEFAULT_OUTREACH_WORDING,
  LINKEDIN_MESSAGE_LIMIT,
  type OutreachWording,
  type OutreachWordingResponse,
} from '#core/rep-api.ts'
import { primaryButtonClass, secondaryButtonClass } from '../../../components/button-styles.ts'
import { Alert } from '../ui/alert.tsx'
import { hintClass } from '../ui/field-styles.ts'
import { TextField } from '../ui/text-field.tsx'
import { saveOutreachWording } from './outreach-endpoints.ts'
import { buildOutreachMessage, tryBuild } from './outreach-message.ts'

/**
 * The admin's editor of the team's wording: the three texts, what is wrong with each in words as
 * they type (the server's own rule, core/rep-api.ts checkOutreachWording), and the message they make
 * for this prospect. Saving changes it for every rep at once; `onDone` gets the new answer, or null
 * when the admin cancelled.
 */
export function WordingEditor({
  answer,
  fields,
  origin,
  onDone,
}: {
  answer: OutreachWordingResponse
  fields: ProspectFields
  origin: string
  onDone: (answer: OutreachWordingResponse | null) => void
}) {
  const [draft, setDraft] = useState<OutreachWording>(answer.wording)
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const problems = checkOutreachWording(draft)
  const preview = problems
    ? null
    : tryBuild(() => buildOutreachMessage({ wording: draft, fields, origin, repName: answer.repName }))
  const change = (key: keyof OutreachWording) => (value: string) => setDraft({ ...draft, [key]: value })

  const save = async (event: FormEvent) => {
    event.preventDefault()
    if (problems || saving) return
    setSaving(true)
    setFailure(null)
    try {
      onDone(await saveOutreachWording(draft))
    } catch (error) {
      setFailure(
        error instanceof RequestFailure ? error.message : 'The wording could not be saved. Try again.',
      )
      setSaving(false)
    }
  }

  return (
    <form
      onSubmit={save}
      aria-labelledby="wording-heading"
      className="space-y-4 border-t border-slate-200 pt-5 dark:border-slate-800"
      noValidate
    >
      <div>
        <h3 id="wording-heading" className="font-bold tracking-tight">
          The wording for everyone
        </h3>
        <p className={hintClass}>
          Every rep's message uses it. Placeholders:{' '}
          {MESSAGE_PLACEHOLDERS.map((name, index) => (
            <span key={name}>
              {index > 0 && ', '}
              <code className="whitespace-nowrap">{`{{ ${name} }}`}</code>
            </span>
          ))}
          . A detail that may be missing goes inside {'{% if city %}…{% endif %}'} or gets a default,{' '}
          {'{{ first_name | default: "there" }}'}.
        </p>
      </div>
      <TextField
        label="Subject"
        value={draft.subject}
        onValue={change('subject')}
        error={problems?.subject}
        rows={2}
        singleLine
      />
      <TextField
        label="Email"
        value={draft.email}
        onValue={change('email')}
        error={problems?.email}
        rows={10}
      />
      <TextField
        label="LinkedIn message"
        value={draft.linkedin}
        onValue={change('linkedin')}
        error={problems?.linkedin}
        rows={4}
      />
      <div className="space-y-2" aria-live="polite">
        <h4 className="text-sm font-semibold">Preview for {fields.company_name}</h4>
        {typeof preview === 'string' && <Alert>{preview}</Alert>}
        {preview && typeof preview !== 'string' && (
          <div className="space-y-2 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere] dark:border-slate-700 dark:bg-slate-950">
            <p>
              <span className="font-semibold">Subject:</span> {preview.subject}
            </p>
            <p>{preview.text}</p>
            <p className="border-t border-slate-200 pt-2 dark:border-slate-700">
              <span className="font-semibold">LinkedIn</span> ({preview.linkedin.length} characters, fewer
              than {LINKEDIN_MESSAGE_LIMIT}): {preview.linkedin}
            </p>
          </div>
        )}
        {!preview && <p className={hintClass}>The preview shows once the marked texts are corrected.</p>}
      </div>
      {failure && <Alert>{failure}</Alert>}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className={`${primaryButtonClass} py-2.5`}
          disabled={saving || problems !== null}
        >
          {saving ? 'Saving…' : 'Save for everyone'}
        </button>
        <button type="button" className={`${secondaryButtonClass} py-2.5`} onClick={() => onDone(null)}>
          Cancel
        </button>
        <button
          type="button"
          className={`${secondaryButtonClass} py-2.5`}
          onClick={() => setDraft(DEFAULT_OUTREACH_WORDING)}
        >
          Start from the default
        </button>
      </div>
    </form>
  )
}
