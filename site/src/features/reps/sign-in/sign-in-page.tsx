import { type FormEvent, useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import { primaryButtonClass } from '../../../components/button-styles.ts'
import { signIn } from '../api/rep-endpoints.ts'
import { goTo } from '../rep-navigate.ts'
import { getSafeNext } from '../rep-paths.ts'
import { keepSession } from '../session/session-store.ts'
import { Alert } from '../ui/alert.tsx'
import { TextField } from '../ui/text-field.tsx'
import { ForgotPassword } from './forgot-password.tsx'
import { SignInFrame } from './sign-in-frame.tsx'

/**
 * Route `/_/sign-in`: email and password, then back to where the rep was going (`?next=`, only ever
 * a page under `/_/`). The server's refusal is shown as it says it (a wrong pair, too many attempts).
 * "Forgot your password?" opens in the same card (forgot-password.tsx).
 */
export function SignInPage() {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [forgot, setForgot] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      keepSession(await signIn(email.trim(), password))
      goTo(getSafeNext(new URLSearchParams(window.location.search).get('next')), { replace: true })
    } catch (failure) {
      setError(failure instanceof RequestFailure ? failure.message : UNAVAILABLE_MESSAGE)
      setBusy(false)
    }
  }

  if (forgot) {
    return (
      <SignInFrame title="Sign in" intro="For the sales team: your prospects, their pages and snippets.">
        <ForgotPassword initialEmail={email.trim()} onBack={() => setForgot(false)} />
      </SignInFrame>
    )
  }
  return (
    <SignInFrame title="Sign in" intro="For the sales team: your prospects, their pages and snippets.">
      <form onSubmit={submit} className="space-y-5">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onValue={setEmail}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onValue={setPassword}
        />
        {error && <Alert>{error}</Alert>}
        <button type="submit" className={`${primaryButtonClass} w-full`} disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p className="text-center text-sm">
          <button
            type="button"
            className="font-semibold text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
            onClick={() => setForgot(true)}
          >
            Forgot your password?
          </button>
        </p>
      </form>
    </SignInFrame>
  )
}
