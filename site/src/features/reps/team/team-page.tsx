import { useEffect, useState } from 'react'
import { UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { Rep, TeamResponse } from '#core/rep-api.ts'
import { secondaryButtonClass } from '../../../components/button-styles.ts'
import { useKeyedLoad } from '../../../lib/use-keyed-load.ts'
import { listTeam } from '../api/team-endpoints.ts'
import { useSessionState } from '../session/session-store.ts'
import { SignedInPage } from '../session/signed-in-page.tsx'
import { Alert } from '../ui/alert.tsx'
import { pageTitleClass } from '../ui/field-styles.ts'
import { InviteForm } from './invite-form.tsx'
import { TeamTable } from './team-table.tsx'

/**
 * Route `/_/team`: admins invite reps and admins, send new links, change roles, disable and enable
 * accounts, and read each account's history. Others are told the page is for admins (the server
 * refuses them its data anyway).
 */
export function TeamPage() {
  return (
    <SignedInPage title="Team">
      <Team />
    </SignedInPage>
  )
}

function Team() {
  const state = useSessionState()
  const me = state.status === 'signed-in' ? state.session.rep : null
  return (
    <div className="space-y-6">
      <div>
        <h1 className={pageTitleClass}>Team</h1>
        <p className="mt-2 max-w-3xl text-slate-600 dark:text-slate-300">
          {me?.role === 'admin'
            ? 'Invite reps and admins, send new links, change roles and disable accounts. Every change is kept in the person’s history, whether made here or from the command line.'
            : 'Only admins can see the team. Ask an admin if your account needs a change.'}
        </p>
      </div>
      {me?.role === 'admin' && <TeamView me={me} />}
    </div>
  )
}

const MAIL_POLL_MS = 2000

/** The key carries a count of changes after `#`, so each change (and Try again) reads the team anew. */
const loadTeam = (_key: string, signal: AbortSignal) => listTeam(signal)

function TeamView({ me }: { me: Rep }) {
  const [version, setVersion] = useState(0)
  const load = useKeyedLoad(`team#${version}`, loadTeam, { failedMessage: UNAVAILABLE_MESSAGE })
  // While the team is read again, the previous answer stays on screen (dimmed), so rows do not flash.
  const [last, setLast] = useState<TeamResponse | null>(null)
  if (load.status === 'done' && load.value !== last) setLast(load.value)
  const shown = load.status === 'done' ? load.value : last
  const reload = () => setVersion((n) => n + 1)
  // A person to show: their Manage opened and focused (from the invitation's "already on the team").
  const [reveal, setReveal] = useState<{ id: string; key: number } | null>(null)
  const showMember = (id: string) => setReveal((last) => ({ id, key: (last?.key ?? 0) + 1 }))
  // A link's email on its way is read again every few seconds, until the mail server took it or refused it.
  const sending = shown?.members.some((member) => member.linkMail?.state === 'sending') === true
  useEffect(() => {
    if (!sending || load.status !== 'done') return
    const timer = setTimeout(() => setVersion((n) => n + 1), MAIL_POLL_MS)
    return () => clearTimeout(timer)
  }, [sending, load.status])

  return (
    <>
      <InviteForm onInvited={reload} members={shown?.members ?? null} onShowMember={showMember} />
      <section aria-labelledby="people-heading" className="space-y-4" aria-busy={load.status === 'loading'}>
        <h2 id="people-heading" className="text-lg font-bold tracking-tight">
          People
        </h2>
        {load.status === 'error' && (
          <div className="space-y-3">
            <Alert>{load.message}</Alert>
            <button type="button" className={secondaryButtonClass} onClick={reload}>
              Try again
            </button>
          </div>
        )}
        {shown === null && load.status === 'loading' && (
          <p role="status" className="text-slate-600 dark:text-slate-400">
            Loading the team…
          </p>
        )}
        {shown !== null && load.status !== 'error' && (
          <TeamTable
            members={shown.members}
            me={me}
            now={new Date(shown.asOf)}
            stale={load.status === 'loading'}
            mailOn={shown.mail === true}
            onChanged={reload}
            reveal={reveal}
          />
        )}
      </section>
    </>
  )
}
