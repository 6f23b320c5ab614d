import { Fragment, useEffect, useRef, useState } from 'react'
import type { Rep, TeamMember } from '#core/rep-api.ts'
import { secondaryButtonClass } from '../../../components/button-styles.ts'
import { formatAgo } from '../activity/activity-format.ts'
import { formatDateTime } from '../ui/format.ts'
import { MemberPanel } from './member-panel.tsx'
import { describeLinkMail, describeStatus, ROLE_WORDS } from './team-words.ts'

interface TeamTableProps {
  members: TeamMember[]
  me: Rep
  /** The server's clock when the team was read: links expire and "3 min ago" counts by it. */
  now: Date
  /** A newer answer is on its way: the rows shown are the previous one's. */
  stale: boolean
  /** Links are emailed (the server has mail on). */
  mailOn: boolean
  onChanged: () => void
  /** A person to show, once per `key`: their Manage opened, the action that helps them focused. */
  reveal?: { id: string; key: number } | null
}

const cell = 'px-3 py-3 align-top'
const head = 'px-3 py-2.5 text-left font-semibold'

/**
 * Everyone on the team, one row each, with Manage opening the person's actions and history in a row
 * of their own under theirs. On a phone the role, status and last sign-in go under the email, so
 * each row reads as a card and nothing scrolls sideways.
 */
export function TeamTable({ members, me, now, stale, mailOn, onChanged, reveal = null }: TeamTableProps) {
  const [open, setOpen] = useState<string | null>(null)
  const revealedKey = useRef(0)
  useEffect(() => {
    if (reveal && reveal.key !== revealedKey.current) setOpen(reveal.id)
  }, [reveal])
  useEffect(() => {
    if (!reveal || reveal.key === revealedKey.current || open !== reveal.id) return
    revealedKey.current = reveal.key
    const panel = document.getElementById(`member-${reveal.id}`)
    panel?.scrollIntoView?.({ block: 'nearest' })
    // The first action is the one that helps (a new link, a reset), except for a disabled person: Enable.
    const action =
      panel?.querySelector<HTMLButtonElement>('button[data-suggested]') ?? panel?.querySelector('button')
    action?.focus()
  }, [reveal, open])
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 dark:border-slate-800">
      <table aria-busy={stale} className={`w-full text-sm ${stale ? 'opacity-60' : ''}`}>
        <caption className="sr-only">Team</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
          <tr>
            <th scope="col" className={head}>
              Person
            </th>
            <th scope="col" className={`${head} hidden sm:table-cell`}>
              Role
            </th>
            <th scope="col" className={`${head} hidden md:table-cell`}>
              Status
            </th>
            <th scope="col" className={`${head} hidden sm:table-cell`}>
              Last sign-in
            </th>
            <th scope="col" className={head}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {members.map((member) => {
            const expanded = open === member.id
            const panelId = `member-${member.id}`
            const status = describeStatus(member, now)
            const isMe = member.id === me.id
            return (
              <Fragment key={member.id}>
                <tr>
                  <td className={`${cell} break-all`}>
                    <span className="font-semibold">{member.email}</span>
                    {isMe && <span className="text-slate-600 dark:text-slate-400"> (you)</span>}
                    <span className="block break-words text-slate-600 sm:hidden dark:text-slate-400">
                      {ROLE_WORDS[member.role]}
                    </span>
                    <span className="block break-words md:hidden">
                      <StatusText label={status.label} link={status.link} member={member} />
                    </span>
                    <span className="block break-words text-slate-600 sm:hidden dark:text-slate-400">
                      Last sign-in: <LastSignIn at={member.lastSignedInAt} now={now} />
                    </span>
                  </td>
                  <td className={`${cell} hidden sm:table-cell`}>{ROLE_WORDS[member.role]}</td>
                  <td className={`${cell} hidden break-words md:table-cell`}>
                    <StatusText label={status.label} link={status.link} member={member} />
                  </td>
                  <td className={`${cell} hidden sm:table-cell`}>
                    <LastSignIn at={member.lastSignedInAt} now={now} />
                  </td>
                  <td className={`${cell} text-right`}>
                    <button
                      type="button"
                      className={`${secondaryButtonClass} px-3 py-2`}
                      aria-expanded={expanded}
                      aria-controls={expanded ? panelId : undefined}
                      onClick={() => setOpen(expanded ? null : member.id)}
                    >
                      Manage<span className="sr-only"> {member.email}</span>
                    </button>
                  </td>
                </tr>
                {expanded && (
                  <tr id={panelId} className="bg-slate-50/60 dark:bg-slate-900/60">
                    <td colSpan={5} className="px-3 py-4">
                      <MemberPanel member={member} me={me} mailOn={mailOn} onChanged={onChanged} />
                    </td>
                  </tr>
                )}
              </Fragment>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

/** The status, until when the link works, and an email of the link that could not be delivered. */
function StatusText({ label, link, member }: { label: string; link: string | null; member: TeamMember }) {
  const mail = link !== null && member.linkMail?.state === 'failed' ? member.linkMail : null
  return (
    <>
      {label}
      {link && <span className="block text-slate-600 dark:text-slate-400">{link}</span>}
      {/* The mail server's words break between words, not inside them, though the cell breaks an address anywhere. */}
      {mail && (
        <span className="block text-red-700 [overflow-wrap:anywhere] [word-break:normal] dark:text-red-300">
          {describeLinkMail(mail)}
        </span>
      )}
    </>
  )
}

/** "3 min ago", and the exact time under it; "Never" for someone who has not signed in. */
function LastSignIn({ at, now }: { at: string | null; now: Date }) {
  if (at === null) return <>Never</>
  return (
    <time dateTime={at}>
      {formatAgo(at, now)}
      <span className="block text-xs text-slate-600 dark:text-slate-400">{formatDateTime(at)}</span>
    </time>
  )
}
