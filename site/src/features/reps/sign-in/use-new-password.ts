import { useState } from 'react'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE_MESSAGE } from '#core/rep-password.ts'

/**
 * A new password typed twice, checked as it is typed: the length rule the server applies (shown once
 * the password is long enough to pass, or once the form was sent), and that both are the same (once
 * the second is as long as the first).
 */
export function useNewPassword() {
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [submitted, setSubmitted] = useState(false)

  const length = [...password].length
  const tooShort = length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH
  const mismatch = repeat !== password && (submitted || repeat.length >= password.length)
  return {
    password,
    setPassword,
    repeat,
    setRepeat,
    length,
    passwordError: (submitted || length >= PASSWORD_MIN_LENGTH) && tooShort ? PASSWORD_RULE_MESSAGE : null,
    repeatError: mismatch ? 'The two passwords are not the same.' : null,
    /** The form was sent: every problem shows now. True when the pair may go to the server. */
    submit: (): boolean => {
      setSubmitted(true)
      return !tooShort && repeat === password
    },
  }
}

export type NewPassword = ReturnType<typeof useNewPassword>
