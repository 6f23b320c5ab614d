import { useEffect, useRef, useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { PasswordLinkAnswer, Rep, TeamMember } from '#core/rep-api.ts'
import { secondaryButtonClass } from '../../../components/button-styles.ts'
import { changeTeamMember, sendTeamLink } from '../api/team-endpoints.ts'
import { Alert } from '../ui/alert.tsx'
import { ConfirmButton } from './confirm-button.tsx'
import { LinkResult } from './link-result.tsx'
import { TeamHistory } from './team-history.tsx'
import { describeSessions } from './team-words.ts'

/** What the last change did, in words, and the link it made to hand over. */
type Outcome = { text: string; link: PasswordLinkAnswer | null; emailedTo?: string | null | undefined }

interface MemberPanelProps {
  member: TeamMember
  me: Rep
  /** Links are emailed (the server has mail on). */
  mailOn: boolean
  /** A change was made: the team is read again. */
  onChanged: () => void
}

/**
 * What an admin can do to one person's account, and its history. Reset, disable and each change of
 * role are confirmed first (making an admin hands over the whole team); one's own account can be changed only by another admin, so it has no actions here.
 */
export function MemberPanel({ member, me, mailOn, onChanged }: MemberPanelProps) {
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [version, setVersion] = useState(0)
  const outcomeRef = useRef<HTMLParagraphElement>(null)
  const { email } = member

  // The button pressed may be gone (Disable becomes Enable): focus goes to what happened.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus()
  }, [outcome])

  const done = (next: Outcome) => {
    setOutcome(next)
    setVersion((n) => n + 1)
    onChanged()
  }
  /** For the changes confirmed in a dialog: a failure stays in the dialog. */
  const confirmed = (work: () => Promise<Outcome>) => async () => {
    setError(null)
    done(await work())
  }
  /** For the others: a failure shows here. */
  const direct = (work: () => Promise<Outcome>) => async () => {
    setBusy(true)
    setError(null)
    try {
      done(await work())
    } catch (failure) {
      setError(failure instanceof RequestFailure ? failure.message : UNAVAILABLE_MESSAGE)
    } finally {
      setBusy(false)
    }
  }

  const newLink = async (): Promise<Outcome> => {
    const { link, endedSessions, emailedTo } = await sendTeamLink(member.id)
    return member.status === 'active'
      ? {
          text: `Reset the password of ${email}: it no longer works, and ${describeSessions(endedSessions)} ended.`,
          link,
          emailedTo,
        }
      : { text: `Made a new link for ${email}: the earlier one no longer works.`, link, emailedTo }
  }
  const setDisabled = (disabled: boolean) => async (): Promise<Outcome> => {
    const { endedSessions } = await changeTeamMember(member.id, { disabled })
    return disabled
      ? { text: `Disabled ${email}; ${describeSessions(endedSessions)} ended.`, link: null }
      : { text: `Enabled ${email}: they can sign in again.`, link: null }
  }
  const setRole = (role: 'admin' | 'rep') => async (): Promise<Outcome> => {
    await changeTeamMember(member.id, { role })
    return { text: `${email} is now ${role === 'admin' ? 'an admin' : 'a rep'}.`, link: null }
  }

  const isMe = member.id === me.id
  const disabled = member.status === 'disabled'
  return (
    <div className="space-y-4">
      {isMe ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          This is you. Another admin can change your role, reset your password or disable you.
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {!disabled && member.status !== 'active' && (
            <button
              type="button"
              className={`${secondaryButtonClass} py-2`}
              onClick={direct(newLink)}
              disabled={busy}
            >
              Send a new link
            </button>
          )}
          {!disabled && member.status === 'active' && (
            <ConfirmButton
              label="Reset password"
              title={`Reset the password of ${email}?`}
              text={
                mailOn
                  ? 'Their password stops working and they are signed out everywhere at once. We email them a new link to choose a new one (you get it too).'
                  : 'Their password stops working and they are signed out everywhere at once. You get a new link to send them, to choose a new one.'
              }
              confirmLabel="Reset password"
              busyLabel="Resetting…"
              onConfirm={confirmed(newLink)}
            />
          )}
          {member.role === 'rep' ? (
            <ConfirmButton
              label="Make admin"
              title={`Make ${email} an admin?`}
              text="They can then invite people, reset passwords, disable accounts and change anyone's role, other admins' included."
              confirmLabel="Make admin"
              busyLabel="Changing…"
              onConfirm={confirmed(setRole('admin'))}
            />
          ) : (
            <ConfirmButton
              label="Make rep"
              title={`Make ${email} a rep?`}
              text="They keep their prospects and their sign-in, but can no longer see or change the team."
              confirmLabel="Make rep"
              busyLabel="Changing…"
              onConfirm={confirmed(setRole('rep'))}
            />
          )}
          {disabled ? (
            <button
              type="button"
              className={`${secondaryButtonClass} py-2`}
              onClick={direct(setDisabled(false))}
              disabled={busy}
              data-suggested
            >
              Enable
            </button>
          ) : (
            <ConfirmButton
              label="Disable"
              title={`Disable ${email}?`}
              text="They are signed out everywhere at once and cannot sign in until an admin enables them. Their name stays on what they changed."
              confirmLabel="Disable"
              busyLabel="Disabling…"
              onConfirm={confirmed(setDisabled(true))}
            />
          )}
        </div>
      )}
      {error && <Alert>{error}</Alert>}
      <p
        ref={outcomeRef}
        tabIndex={-1}
        role="status"
        className="text-sm font-semibold break-words empty:hidden"
      >
        {outcome?.text ?? ''}
      </p>
      {outcome?.link && (
        <LinkResult email={email} link={outcome.link} emailedTo={outcome.emailedTo} mail={member.linkMail} />
      )}
      <TeamHistory id={member.id} email={email} version={version} onRetry={() => setVersion((n) => n + 1)} />
    </div>
  )
}
