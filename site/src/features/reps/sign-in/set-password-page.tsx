import { type FormEvent, useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE_MESSAGE } from '#core/rep-password.ts'
import { primaryButtonClass } from '../../../components/button-styles.ts'
import { setPassword } from '../api/rep-endpoints.ts'
import { goTo } from '../rep-navigate.ts'
import { LIST_PATH } from '../rep-paths.ts'
import { keepSession } from '../session/session-store.ts'
import { Alert } from '../ui/alert.tsx'
import { TextField } from '../ui/text-field.tsx'
import { SignInFrame } from './sign-in-frame.tsx'

/** The one-time token of the admin's link, in the fragment, which browsers never send to a server. */
const readToken = (): string => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? ''

/**
 * Route `/_/set-password#token=…`: the link an admin hands a rep. The new password twice, checked as
 * it is typed (the length rule the server applies, and that both match), then the rep is signed in.
 */
export function SetPasswordPage() {
  const [token] = useState(readToken)
  const [password, setPasswordValue] = useState('')
  const [repeat, setRepeat] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const length = [...password].length
  const tooShort = length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH
  const passwordError =
    (submitted || length >= PASSWORD_MIN_LENGTH) && tooShort ? PASSWORD_RULE_MESSAGE : null
  const mismatch = repeat !== password && (submitted || repeat.length >= password.length)
  const repeatError = mismatch ? 'The two passwords are not the same.' : null

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (tooShort || repeat !== password) return
    setBusy(true)
    setError(null)
    try {
      keepSession(await setPassword(token, password))
      // A rep who has just set their password has no activity to read yet: they start by adding
      // prospects. Afterwards, signing in lands on Activity.
      goTo(LIST_PATH, { replace: true })
    } catch (failure) {
      setError(failure instanceof RequestFailure ? failure.message : UNAVAILABLE_MESSAGE)
      setBusy(false)
    }
  }

  if (token === '') {
    return (
      <SignInFrame title="Set your password" intro="This page needs the link an admin gave you.">
        <Alert>
          This link is incomplete: it has no token. Open the whole link, or ask an admin for a new one.
        </Alert>
      </SignInFrame>
    )
  }
  return (
    <SignInFrame
      title="Set your password"
      intro={`Choose a password of at least ${PASSWORD_MIN_LENGTH} characters. A phrase of a few words is easy to type and hard to guess.`}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <TextField
          label="New password"
          type="password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onValue={setPasswordValue}
          hint={`${length} of at least ${PASSWORD_MIN_LENGTH} characters`}
          error={passwordError}
        />
        <TextField
          label="Repeat the new password"
          type="password"
          name="repeat-password"
          autoComplete="new-password"
          value={repeat}
          onValue={setRepeat}
          error={repeatError}
        />
        {error && <Alert>{error}</Alert>}
        <button type="submit" className={`${primaryButtonClass} w-full`} disabled={busy}>
          {busy ? 'Saving…' : 'Set password and sign in'}
        </button>
      </form>
    </SignInFrame>
  )
}
