import { type FormEvent, useEffect, useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { RepNudgeMail, RepNudgesResponse } from '#core/rep-api.ts'
import { primaryButtonClass } from '../../../components/button-styles.ts'
import { requestRep } from '../api/rep-client.ts'
import { Alert } from '../ui/alert.tsx'
import { cardClass } from '../ui/field-styles.ts'

const getNudges = (signal: AbortSignal) => requestRep<RepNudgesResponse>('profile/nudges', { signal })
const saveNudges = (choice: RepNudgeMail) =>
  requestRep<RepNudgesResponse>('profile/nudges', { method: 'PUT', json: { choice } })

const CHOICES: { value: RepNudgeMail; label: string }[] = [
  { value: 'off', label: 'In the team’s chat only' },
  { value: 'also', label: 'By email as well as in the team’s chat' },
  { value: 'only', label: 'By email instead of the team’s chat' },
]

/**
 * Where the rep hears that one of their prospects opened their page, asked for a call, talked to their
 * agent or booked: the team's chat, their inbox as well, or their inbox instead. Without mail on the
 * server, only the chat.
 */
export function NudgeMail() {
  const [state, setState] = useState<RepNudgesResponse | null>(null)
  const [choice, setChoice] = useState<RepNudgeMail>('off')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)

  useEffect(() => {
    const controller = new AbortController()
    getNudges(controller.signal).then(
      (answer) => {
        setState(answer)
        setChoice(answer.choice)
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return
        setError(failure instanceof RequestFailure ? failure.message : UNAVAILABLE_MESSAGE)
      },
    )
    return () => controller.abort()
  }, [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    setSaved(false)
    try {
      const answer = await saveNudges(choice)
      setState(answer)
      setSaved(true)
    } catch (failure) {
      setError(failure instanceof RequestFailure ? failure.message : UNAVAILABLE_MESSAGE)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="nudges-heading" className={`${cardClass} space-y-4`}>
      <h2 id="nudges-heading" className="text-lg font-bold tracking-tight">
        Nudges about your prospects
      </h2>
      <p className="text-slate-600 dark:text-slate-300">
        When one of your prospects opens their page, asks for a phone call, talks to their agent or books a
        meeting.
      </p>
      {state && !state.mail && (
        <p className="text-slate-700 dark:text-slate-300">
          They reach you in the team’s chat. Mail is not set up on this server, so they cannot be emailed.
        </p>
      )}
      {state?.mail && (
        <form onSubmit={submit} className="space-y-4">
          <fieldset className="space-y-2">
            <legend className="sr-only">Where nudges reach you</legend>
            {CHOICES.map((one) => (
              <label key={one.value} className="flex items-center gap-3">
                <input
                  type="radio"
                  name="nudge-mail"
                  value={one.value}
                  checked={choice === one.value}
                  onChange={() => {
                    setChoice(one.value)
                    setSaved(false)
                  }}
                  className="size-4 accent-indigo-600"
                />
                {one.label}
              </label>
            ))}
          </fieldset>
          <button type="submit" className={primaryButtonClass} disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </form>
      )}
      {error && <Alert>{error}</Alert>}
      <p role="status" className="text-sm font-semibold empty:hidden">
        {saved ? 'Saved.' : ''}
      </p>
    </section>
  )
}
