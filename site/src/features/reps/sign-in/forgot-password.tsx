import { type FormEvent, useEffect, useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { PasswordResetResponse } from '#core/rep-api.ts'
import { primaryButtonClass, secondaryButtonClass } from '../../../components/button-styles.ts'
import { requestRep } from '../api/rep-client.ts'
import { Alert } from '../ui/alert.tsx'
import { TextField } from '../ui/text-field.tsx'

const getPasswordReset = (signal: AbortSignal) =>
  requestRep<PasswordResetResponse>('password-reset', { signal })
const askPasswordReset = (email: string) =>
  requestRep<PasswordResetResponse>('password-reset', { method: 'POST', json: { email } })

type Step =
  | { step: 'loading' }
  | { step: 'ask' }
  /** Mail is off: only an admin can give a new link. */
  | { step: 'no-mail' }
  | { step: 'asked'; email: string }

const ASK_ADMIN =
  'Ask an admin of your team for a new link: they can send you one from the Team page. Your password stays as it is until you use it.'

/**
 * "Forgot your password?": with mail on, the rep gives their email and gets a one-time link to choose a
 * new password. The answer is the same whether or not the address has an account, so the page says
 * "if" rather than confirming it. With mail off, the page says to ask an admin.
 */
export function ForgotPassword({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [state, setState] = useState<Step>({ step: 'loading' })
  const [email, setEmail] = useState(initialEmail)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    getPasswordReset(controller.signal).then(
      (answer) => setState({ step: answer.mail ? 'ask' : 'no-mail' }),
      () => {
        // Unknown: offer the form; its answer says whether mail is on.
        if (!controller.signal.aborted) setState({ step: 'ask' })
      },
    )
    return () => controller.abort()
  }, [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const answer = await askPasswordReset(email.trim())
      setState(answer.mail ? { step: 'asked', email: email.trim() } : { step: 'no-mail' })
    } catch (failure) {
      setError(failure instanceof RequestFailure ? failure.message : UNAVAILABLE_MESSAGE)
    } finally {
      setBusy(false)
    }
  }

  const back = (
    <button type="button" className={`${secondaryButtonClass} w-full`} onClick={onBack}>
      Back to sign in
    </button>
  )
  return (
    <section aria-labelledby="forgot-heading" className="space-y-5">
      <h2 id="forgot-heading" className="text-lg font-bold tracking-tight">
        Forgot your password?
      </h2>
      {state.step === 'loading' && (
        <p role="status" className="text-slate-600 dark:text-slate-400">
          One moment…
        </p>
      )}
      {state.step === 'no-mail' && (
        <>
          <p role="status" className="text-slate-700 dark:text-slate-300">
            {ASK_ADMIN}
          </p>
          {back}
        </>
      )}
      {state.step === 'asked' && (
        <>
          <p role="status" className="break-words text-slate-700 dark:text-slate-300">
            If {state.email} is the address of an account, we emailed it a link to choose a new password. The
            link works once, for an hour; your password stays as it is until you use it. Nothing arrived? Look
            in the spam folder, or ask an admin of your team for a new link.
          </p>
          {back}
        </>
      )}
      {state.step === 'ask' && (
        <form onSubmit={submit} className="space-y-5">
          <p className="text-slate-600 dark:text-slate-300">
            Give the email you sign in with: we email you a link to choose a new password.
          </p>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onValue={setEmail}
          />
          {error && <Alert>{error}</Alert>}
          <button type="submit" className={`${primaryButtonClass} w-full`} disabled={busy}>
            {busy ? 'Sending…' : 'Email me a link'}
          </button>
          {back}
        </form>
      )}
    </section>
  )
}
