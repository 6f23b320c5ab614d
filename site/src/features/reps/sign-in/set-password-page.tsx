import { type FormEvent, useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import { PASSWORD_MIN_LENGTH } from '#core/rep-password.ts'
import { primaryButtonClass } from '../../../components/button-styles.ts'
import { setPassword } from '../api/rep-endpoints.ts'
import { goTo } from '../rep-navigate.ts'
import { LIST_PATH } from '../rep-paths.ts'
import { keepSession } from '../session/session-store.ts'
import { Alert } from '../ui/alert.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'
import { readLinkToken } from './read-link-token.ts'
import { SignInFrame } from './sign-in-frame.tsx'
import { useNewPassword } from './use-new-password.ts'

/**
 * Route `/_/set-password#token=…`: the link an admin hands a rep. The new password twice, checked as
 * it is typed (the length rule the server applies, and that both match), then the rep is signed in.
 */
export function SetPasswordPage() {
  const [token] = useState(readLinkToken)
  const pair = useNewPassword()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!pair.submit()) return
    setBusy(true)
    setError(null)
    try {
      keepSession(await setPassword(token, pair.password))
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
        <NewPasswordFields pair={pair} />
        {error && <Alert>{error}</Alert>}
        <button type="submit" className={`${primaryButtonClass} w-full`} disabled={busy}>
          {busy ? 'Saving…' : 'Set password and sign in'}
        </button>
      </form>
    </SignInFrame>
  )
}
