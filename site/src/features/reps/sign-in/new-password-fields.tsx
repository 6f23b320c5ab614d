import { PASSWORD_MIN_LENGTH } from '#core/rep-password.ts'
import { TextField } from '../ui/text-field.tsx'
import type { NewPassword } from './use-new-password.ts'

/** The new password and its repeat, with their problems as `useNewPassword` finds them. */
export function NewPasswordFields({ pair }: { pair: NewPassword }) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={pair.password}
        onValue={pair.setPassword}
        hint={`${pair.length} of at least ${PASSWORD_MIN_LENGTH} characters`}
        error={pair.passwordError}
      />
      <TextField
        label="Repeat the new password"
        type="password"
        name="repeat-password"
        autoComplete="new-password"
        value={pair.repeat}
        onValue={pair.setRepeat}
        error={pair.repeatError}
      />
    </>
  )
}
