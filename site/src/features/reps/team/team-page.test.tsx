import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  CSRF_HEADER,
  type SessionResponse,
  type TeamHistoryResponse,
  type TeamLinkResponse,
  type TeamMember,
  type TeamResponse,
} from '#core/rep-api.ts'
import { installFakeFetch, type PendingRequest } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import { answer, BOB, errorAnswer, pending, SESSION } from '../testing/rep-fixtures.ts'
import { TeamPage } from './team-page.tsx'

const ADMIN_SESSION: SessionResponse = { rep: BOB, csrfToken: 'csrf-token-of-bob' }
const AS_OF = '2026-03-02T14:05:00.000Z'

let made = 0
const member = (email: string, fields: Partial<TeamMember> = {}): TeamMember => ({
  id: `00000000-0000-4000-9000-${String(++made).padStart(12, '0')}`,
  email,
  role: 'rep',
  status: 'active',
  linkExpiresAt: null,
  lastSignedInAt: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  ...fields,
})
const ME: TeamMember = {
  ...member(BOB.email, { role: 'admin', lastSignedInAt: '2026-03-02T14:02:00.000Z' }),
  id: BOB.id,
}
const CY = member('cy@example.com', { lastSignedInAt: '2026-03-01T10:00:00.000Z' })
const DEE = member('dee@example.com', { status: 'invited', linkExpiresAt: '2026-03-03T09:00:00.000Z' })
const ED = member('ed@example.com', { status: 'invited', linkExpiresAt: '2026-03-02T09:00:00.000Z' })
const FAY = member('fay@example.com', { status: 'disabled', role: 'admin' })
const TEAM: TeamResponse = { members: [ME, CY, DEE, ED, FAY], asOf: AS_OF }

let requests: PendingRequest[]
beforeEach(() => {
  requests = installFakeFetch()
  keepSession(ADMIN_SESSION)
  window.history.replaceState(null, '', '/_/team')
})
afterEach(() => {
  cleanup()
  resetSession()
  vi.unstubAllGlobals()
})

const writes = () => requests.filter((request) => request.method !== 'GET')
const rowOf = (email: string) => {
  const table = screen.getByRole('table', { name: 'Team' })
  const row = within(table).getByText(email, { selector: 'span.font-semibold' }).closest('tr')
  if (!row) throw new Error(`no row for ${email}`)
  return row
}
async function showTeam(team: TeamResponse = TEAM) {
  render(<TeamPage />)
  await answer(pending(requests, '/api/reps/team'), Response.json(team))
}
async function manage(email: string, history: TeamHistoryResponse = { history: [] }) {
  fireEvent.click(screen.getByRole('button', { name: `Manage ${email}` }))
  const id = TEAM.members.find((one) => one.email === email)?.id
  await answer(pending(requests, `/api/reps/team/${id}/history`), Response.json(history))
}

describe('TeamPage', () => {
  it('lists everyone with role, status and last sign-in in words, after a loading state', async () => {
    render(<TeamPage />)
    screen.getByText('Loading the team…')
    await answer(pending(requests, '/api/reps/team'), Response.json(TEAM))
    screen.getByRole('heading', { level: 1, name: 'Team' })
    const nav = screen.getByRole('navigation', { name: 'Sections' })
    expect(within(nav).getByRole('link', { name: 'Team' }).getAttribute('aria-current')).toBe('page')

    const cells = (email: string) =>
      [...rowOf(email).querySelectorAll('td')].slice(1, 4).map((cell) => cell.textContent)
    expect(cells(BOB.email)).toEqual(['Admin', 'Active', expect.stringMatching(/^3 min ago.+/)])
    expect(cells('cy@example.com')).toEqual(['Rep', 'Active', expect.stringMatching(/^1 day ago.+/)])
    expect(cells('dee@example.com')).toEqual([
      'Rep',
      expect.stringMatching(/^Invited — link not used yetLink works until .+/),
      'Never',
    ])
    expect(cells('ed@example.com')[1]).toBe('Invited — link not used yetLink expired')
    expect(cells('fay@example.com').slice(0, 2)).toEqual(['Admin', 'Disabled'])
    within(rowOf(BOB.email)).getByText('(you)')
  })

  it('tells a rep who is not an admin that the page is for admins, and asks the server nothing', async () => {
    keepSession(SESSION)
    render(<TeamPage />)
    screen.getByText('Only admins can see the team. Ask an admin if your account needs a change.')
    expect(requests.filter((request) => request.url.includes('/team'))).toEqual([])
    const nav = screen.getByRole('navigation', { name: 'Sections' })
    expect(within(nav).queryByRole('link', { name: 'Team' })).toBeNull()
  })

  it("shows the server's message when the team cannot be read, and tries again", async () => {
    render(<TeamPage />)
    await answer(
      pending(requests, '/api/reps/team'),
      errorAnswer(503, 'unavailable', 'Something went wrong.'),
    )
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong.')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await answer(pending(requests, '/api/reps/team'), Response.json(TEAM))
    expect(screen.queryByRole('alert')).toBeNull()
    rowOf('cy@example.com')
  })
})

describe('inviting', () => {
  it('invites by email and role, then shows the link to copy and says how long it works', async () => {
    await showTeam()
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'gil@example.com' } })
    fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), { target: { value: 'admin' } })
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }))
    const request = pending(requests, '/api/reps/team')
    expect(request.method).toBe('POST')
    expect(JSON.parse(String(request.body))).toEqual({ email: 'gil@example.com', role: 'admin' })
    expect(request.headers.get(CSRF_HEADER)).toBe(ADMIN_SESSION.csrfToken)
    const url = 'http://localhost:3000/_/set-password#token=abc'
    const invited: TeamLinkResponse = {
      member: member('gil@example.com', { role: 'admin', status: 'invited' }),
      link: { url, createdAt: AS_OF, expiresAt: '2026-03-03T14:05:00.000Z' },
      endedSessions: 0,
    }
    await answer(request, Response.json(invited, { status: 201 }))

    const invite = screen.getByRole('region', { name: 'Invite someone' })
    within(invite).getByText('Invited gil@example.com as an admin.')
    expect(invite.querySelector('pre > code')?.textContent).toBe(url)
    within(invite).getByRole('button', { name: 'Copy link' })
    within(invite).getByText(
      /^Send this link to gil@example\.com; it works once, for 24 hours \(until .+\)\. No email is sent/,
    )
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('')
    // And the team is read again, with the new person in it.
    expect(requests.filter((one) => one.url === '/api/reps/team' && one.method === 'GET')).toHaveLength(2)
  })

  it('with mail on, says the link was emailed, then shows in words an address that bounced', async () => {
    await showTeam({ ...TEAM, mail: true })
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'gil@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }))
    const url = 'http://localhost:3000/_/set-password#token=abc'
    const gil = member('gil@example.com', { status: 'invited', linkExpiresAt: '2026-03-03T14:05:00.000Z' })
    await answer(
      pending(requests, '/api/reps/team'),
      Response.json(
        {
          member: gil,
          link: { url, createdAt: AS_OF, expiresAt: '2026-03-03T14:05:00.000Z' },
          endedSessions: 0,
          emailedTo: 'gil@example.com',
        } satisfies TeamLinkResponse,
        { status: 201 },
      ),
    )
    const invite = screen.getByRole('region', { name: 'Invite someone' })
    within(invite).getByText('We emailed the link to gil@example.com.')
    within(invite).getByText(/^The same link is here if they need it again: it works once, for 24 hours/)
    expect(within(invite).queryByText(/No email is sent/)).toBeNull()

    const bounce = '550 5.1.1 <gil@example.com>: Recipient address rejected: User unknown'
    const failed = { to: 'gil@example.com', state: 'failed', error: bounce, queuedAt: AS_OF } as const
    await answer(
      pending(requests, '/api/reps/team'),
      Response.json({ ...TEAM, mail: true, members: [...TEAM.members, { ...gil, linkMail: failed }] }),
    )
    const alert = within(invite).getByRole('alert')
    expect(alert.textContent).toBe(
      `The email to gil@example.com could not be delivered: ${bounce}. Check the address, or copy the link and send it yourself.`,
    )
    expect(invite.querySelector('pre > code')?.textContent).toBe(url)
    expect(rowOf('gil@example.com').textContent).toContain(
      `The email to gil@example.com could not be delivered: ${bounce}`,
    )
  })

  it("shows the server's refusal of the email under the field", async () => {
    await showTeam()
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'cy@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }))
    const message = 'cy@example.com is already on the team.'
    await answer(last(writes()), errorAnswer(409, 'rep_exists', message))
    const field = screen.getByRole('textbox', { name: 'Email' })
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(field.getAttribute('aria-describedby')).toBeTruthy()
    screen.getByText(message)
  })

  it('takes an admin from "already on the team" to the button that helps, inside Manage on their row', async () => {
    await showTeam()
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: ' Dee@Example.com' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }))
    const message =
      'dee@example.com is already on the team. To give them a new link, open Manage on their row under People and choose Send a new link.'
    await answer(last(writes()), errorAnswer(409, 'rep_exists', message))
    screen.getByText(message)
    fireEvent.click(screen.getByRole('button', { name: 'Open Manage for dee@example.com' }))
    await answer(pending(requests, `/api/reps/team/${DEE.id}/history`), Response.json({ history: [] }))
    expect(screen.getByRole('button', { name: 'Manage dee@example.com' }).getAttribute('aria-expanded')).toBe(
      'true',
    )
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send a new link' }))

    // A disabled person's helpful action is Enable, though it is not their first button.
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: FAY.email } })
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }))
    await answer(
      last(writes()),
      errorAnswer(409, 'rep_exists', `${FAY.email} is already on the team, disabled.`),
    )
    fireEvent.click(screen.getByRole('button', { name: `Open Manage for ${FAY.email}` }))
    await answer(pending(requests, `/api/reps/team/${FAY.id}/history`), Response.json({ history: [] }))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Enable' }))
  })
})

describe("managing a person's account", () => {
  it('opens their actions and history, and disables them after a confirmation', async () => {
    await showTeam()
    const history: TeamHistoryResponse = {
      history: [
        { action: 'role_changed', stamp: { at: AS_OF, rep: BOB }, role: 'rep', endedSessions: 0 },
        { action: 'password_set', stamp: { at: AS_OF, rep: CY }, role: null, endedSessions: 0 },
        { action: 'invited', stamp: { at: AS_OF, rep: null }, role: 'admin', endedSessions: 0 },
      ],
    }
    await manage('cy@example.com', history)
    const opener = screen.getByRole('button', { name: 'Manage cy@example.com' })
    expect(opener.getAttribute('aria-expanded')).toBe('true')
    const entries = within(screen.getByRole('region', { name: 'History of cy@example.com' })).getAllByRole(
      'listitem',
    )
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/^Made a rep by bob@example\.com · /),
      expect.stringMatching(/^Set their password with their link · /),
      expect.stringMatching(/^Invited as an admin by the command line · /),
    ])

    fireEvent.click(screen.getByRole('button', { name: 'Disable' }))
    const dialog = screen.getByRole('dialog', { name: 'Disable cy@example.com?' })
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }))
    const request = last(writes())
    expect([request.method, request.url, JSON.parse(String(request.body))]).toEqual([
      'PATCH',
      `/api/reps/team/${CY.id}`,
      { disabled: true },
    ])
    expect(request.headers.get(CSRF_HEADER)).toBe(ADMIN_SESSION.csrfToken)
    await answer(request, Response.json({ member: { ...CY, status: 'disabled' }, endedSessions: 2 }))
    const outcome = screen.getByText('Disabled cy@example.com; 2 sessions ended.')
    expect(document.activeElement).toBe(outcome)
    expect((dialog as HTMLDialogElement).open).toBe(false)
    // The team and the history are read again.
    pending(requests, `/api/reps/team/${CY.id}/history`)
    expect(requests.filter((one) => one.url === '/api/reps/team')).toHaveLength(2)
  })

  it("keeps the dialog open with the server's refusal", async () => {
    await showTeam()
    await manage(FAY.email)
    // A disabled admin: Enable, and Make rep, which is confirmed.
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull()
    screen.getByRole('button', { name: 'Enable' })
    fireEvent.click(screen.getByRole('button', { name: 'Make rep' }))
    const dialog = screen.getByRole('dialog', { name: 'Make fay@example.com a rep?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make rep' }))
    const message = 'There must always be an enabled admin. Make someone else an admin first.'
    await answer(last(writes()), errorAnswer(409, 'last_admin', message))
    expect((dialog as HTMLDialogElement).open).toBe(true)
    expect(within(dialog).getByRole('alert').textContent).toBe(message)
  })

  it('makes a rep an admin only after a confirmation that says what it hands over; Cancel changes nothing', async () => {
    await showTeam()
    await manage(CY.email)
    const opener = screen.getByRole('button', { name: 'Make admin' })
    fireEvent.click(opener)
    const dialog = screen.getByRole('dialog', { name: 'Make cy@example.com an admin?' })
    expect(dialog.textContent).toContain('change anyone')
    expect(writes()).toEqual([])
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect((dialog as HTMLDialogElement).open).toBe(false)
    expect(document.activeElement).toBe(opener)
    expect(writes()).toEqual([])

    fireEvent.click(opener)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make admin' }))
    const request = last(writes())
    expect([request.method, request.url, JSON.parse(String(request.body))]).toEqual([
      'PATCH',
      `/api/reps/team/${CY.id}`,
      { role: 'admin' },
    ])
    await answer(request, Response.json({ member: { ...CY, role: 'admin' }, endedSessions: 0 }))
    expect(document.activeElement).toBe(screen.getByText('cy@example.com is now an admin.'))
  })

  it("shows the first admin's setup as their sign-in and the first line of their history", async () => {
    await showTeam()
    await manage(BOB.email, {
      history: [{ action: 'set_up', stamp: { at: AS_OF, rep: BOB }, role: 'admin', endedSessions: 0 }],
    })
    const entries = within(screen.getByRole('region', { name: `History of ${BOB.email}` })).getAllByRole(
      'listitem',
    )
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/^Set up the team as its first admin, and signed in · /),
    ])
  })

  it('sends an invited person a new link to copy, without a confirmation', async () => {
    await showTeam()
    await manage(DEE.email)
    expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Send a new link' }))
    const request = last(writes())
    expect([request.method, request.url]).toEqual(['POST', `/api/reps/team/${DEE.id}/link`])
    const url = 'http://localhost:3000/_/set-password#token=new'
    await answer(
      request,
      Response.json({
        member: DEE,
        link: { url, createdAt: AS_OF, expiresAt: '2026-03-03T14:05:00.000Z' },
        endedSessions: 0,
      } satisfies TeamLinkResponse),
    )
    screen.getByText('Made a new link for dee@example.com: the earlier one no longer works.')
    expect(document.querySelector(`#member-${DEE.id} pre > code`)?.textContent).toBe(url)
  })

  it('offers an active rep a confirmed password reset, and oneself no action at all', async () => {
    await showTeam()
    await manage(CY.email)
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }))
    screen.getByRole('dialog', { name: 'Reset the password of cy@example.com?' })
    fireEvent.click(screen.getByRole('button', { name: 'Manage cy@example.com' })) // closes the panel
    await manage(BOB.email)
    screen.getByText('This is you. Another admin can change your role, reset your password or disable you.')
    for (const name of ['Disable', 'Make rep', 'Reset password', 'Send a new link']) {
      expect(screen.queryByRole('button', { name }), name).toBeNull()
    }
  })
})

function last(list: PendingRequest[]): PendingRequest {
  const request = list.at(-1)
  if (!request) throw new Error('no request was made')
  return request
}
