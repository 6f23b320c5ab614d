import { type FormEvent, useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import { PASSWORD_MIN_LENGTH } from '#core/rep-password.ts'
import { primaryButtonClass } from '../../../components/button-styles.ts'
import { setUpFirstAdmin } from '../api/rep-endpoints.ts'
import { goTo } from '../rep-navigate.ts'
import { LIST_PATH, SIGN_IN_PATH } from '../rep-paths.ts'
import { keepSession } from '../session/session-store.ts'
import { Alert } from '../ui/alert.tsx'
import { textLinkClass } from '../ui/field-styles.ts'
import { TextField } from '../ui/text-field.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'
import { readLinkToken } from './read-link-token.ts'
import { SignInFrame } from './sign-in-frame.tsx'
import { useNewPassword } from './use-new-password.ts'

const EMAIL = /^[^@\s]+@[^@\s]+$/
const EMAIL_MESSAGE = 'Please enter an email address, like name@example.com.'

/**
 * Route `/_/setup#token=…`: the link the server prints as it starts while nobody can sign in. The
 * first admin's email and password (twice), then they are signed in, on Prospects. Once an admin
 * exists the link is spent, and the page says to sign in.
 */
export function SetupPage() {
  const [token] = useState(readLinkToken)
  const [email, setEmail] = useState('')
  const pair = useNewPassword()
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<{ message: string; signIn: boolean } | null>(null)

  const emailError = submitted && !EMAIL.test(email.trim()) ? EMAIL_MESSAGE : null

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (!pair.submit() || !EMAIL.test(email.trim())) return
    setBusy(true)
    setError(null)
    try {
      keepSession(await setUpFirstAdmin({ token, email: email.trim(), password: pair.password }))
      goTo(LIST_PATH, { replace: true })
    } catch (failure) {
      const known = failure instanceof RequestFailure
      setError({
        message: known ? failure.message : UNAVAILABLE_MESSAGE,
        signIn: known && failure.code === 'setup_done',
      })
      setBusy(false)
    }
  }

  if (token === '') {
    return (
      <SignInFrame title="Set up the first admin" intro="This page needs the link the server printed.">
        <Alert>
          This link is incomplete: it has no token. Open the whole link the server printed as it started.
        </Alert>
      </SignInFrame>
    )
  }
  return (
    <SignInFrame
      title="Set up the first admin"
      intro={`Nobody can sign in yet. Choose the admin's email and a password of at least ${PASSWORD_MIN_LENGTH} characters; the admin then adds the sales team.`}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onValue={setEmail}
          error={emailError}
        />
        <NewPasswordFields pair={pair} />
        {error && (
          <Alert>
            {error.message}
            {error.signIn && (
              <>
                {' '}
                <a className={textLinkClass} href={SIGN_IN_PATH}>
                  Go to sign-in
                </a>
              </>
            )}
          </Alert>
        )}
        <button type="submit" className={`${primaryButtonClass} w-full`} disabled={busy}>
          {busy ? 'Saving…' : 'Create the admin and sign in'}
        </button>
      </form>
    </SignInFrame>
  )
}
