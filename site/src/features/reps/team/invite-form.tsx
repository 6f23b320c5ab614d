import { type FormEvent, useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { RepRole, TeamLinkResponse, TeamMember } from '#core/rep-api.ts'
import { primaryButtonClass, secondaryButtonClass } from '../../../components/button-styles.ts'
import { inviteToTeam } from '../api/team-endpoints.ts'
import { Alert } from '../ui/alert.tsx'
import { cardClass } from '../ui/field-styles.ts'
import { SelectField } from '../ui/select-field.tsx'
import { TextField } from '../ui/text-field.tsx'
import { LinkResult } from './link-result.tsx'
import { ROLE_WORDS } from './team-words.ts'

/** The server's answers that are about the email field, shown under it. */
const EMAIL_CODES = new Set(['email_invalid', 'rep_exists'])

/**
 * Invites someone by email as a rep or an admin: they are added at once with a one-time link to set
 * their password, emailed to them with mail on (and shown here all the same), else shown here to copy
 * and send. `members`: the team as last read, for how the invitation's email went.
 */
export function InviteForm({
  onInvited,
  members,
  onShowMember,
}: {
  onInvited: () => void
  members: TeamMember[] | null
  /** Opens that person's Manage on their row, focused on the action that helps. */
  onShowMember: (id: string) => void
}) {
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<RepRole>('rep')
  const [busy, setBusy] = useState(false)
  const [emailError, setEmailError] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [invited, setInvited] = useState<TeamLinkResponse | null>(null)
  // Someone already on the team: the button that helps them is on their row, one press away.
  const [existing, setExisting] = useState<TeamMember | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setEmailError(null)
    setError(null)
    setExisting(null)
    try {
      const answer = await inviteToTeam(email, role)
      setInvited(answer)
      setEmail('')
      setRole('rep')
      onInvited()
    } catch (failure) {
      const message = failure instanceof RequestFailure ? failure.message : UNAVAILABLE_MESSAGE
      if (failure instanceof RequestFailure && EMAIL_CODES.has(failure.code)) setEmailError(message)
      else setError(message)
      if (failure instanceof RequestFailure && failure.code === 'rep_exists') {
        const typed = email.trim().toLowerCase()
        setExisting(members?.find((member) => member.email === typed) ?? null)
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="invite-heading" className={`${cardClass} space-y-4`}>
      <h2 id="invite-heading" className="text-lg font-bold tracking-tight">
        Invite someone
      </h2>
      <form onSubmit={submit} noValidate className="grid items-start gap-4 sm:grid-cols-[1fr_12rem_auto]">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          spellCheck={false}
          value={email}
          onValue={setEmail}
          error={emailError}
        />
        <SelectField label="Role" name="role" value={role} onValue={(value) => setRole(value as RepRole)}>
          <option value="rep">{ROLE_WORDS.rep}</option>
          <option value="admin">{ROLE_WORDS.admin} (also manages the team)</option>
        </SelectField>
        <button type="submit" className={`${primaryButtonClass} py-2.5 sm:mt-7`} disabled={busy}>
          {busy ? 'Inviting…' : 'Invite'}
        </button>
      </form>
      {emailError && existing && (
        <button
          type="button"
          className={`${secondaryButtonClass} py-2`}
          onClick={() => onShowMember(existing.id)}
        >
          Open Manage for {existing.email}
        </button>
      )}
      {error && <Alert>{error}</Alert>}
      <div role="status">
        {invited && (
          <p className="text-sm font-semibold">
            Invited {invited.member.email} as {invited.member.role === 'admin' ? 'an admin' : 'a rep'}.
          </p>
        )}
      </div>
      {invited && (
        <LinkResult
          email={invited.member.email}
          link={invited.link}
          emailedTo={invited.emailedTo}
          mail={members?.find((member) => member.id === invited.member.id)?.linkMail}
        />
      )}
    </section>
  )
}
