import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CSRF_HEADER } from '#core/rep-api.ts'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import {
  ADMIN_RIGHTS,
  ANN,
  answer,
  BOB,
  errorAnswer,
  last,
  MAYA_DETAIL,
  othersRights,
  pending,
  SESSION,
} from '../testing/rep-fixtures.ts'
import { ProspectDetailPage } from './prospect-detail-page.tsx'

// Who owns the prospect, on its page, and what the server says that lets the signed-in rep do: Edit
// on their own (or any, for an admin), the rule's sentence on someone else's, Take it over on one
// nobody owns. The rights are the server's answer; the page follows them.

let requests: ReturnType<typeof installFakeFetch>
const ADMIN_SESSION = { rep: BOB, csrfToken: 'csrf-token-of-bob' }

beforeEach(() => {
  requests = installFakeFetch()
  window.history.replaceState(null, '', '/_/prospects/bright-smile-dental')
})
afterEach(() => {
  cleanup()
  resetSession()
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
})

async function show(detail = MAYA_DETAIL) {
  render(<ProspectDetailPage slug="bright-smile-dental" />)
  await answer(pending(requests, '/api/reps/prospects/bright-smile-dental'), Response.json(detail))
}
const editLink = () => screen.queryByRole('link', { name: 'Edit' })
const writes = () => requests.filter((request) => request.method !== 'GET')

describe('a prospect’s page for reps: its owner', () => {
  it('offers Edit on the rep’s own prospect, and says it is theirs', async () => {
    keepSession(SESSION)
    await show()
    screen.getByText('You own this prospect.')
    expect(editLink()?.getAttribute('href')).toBe('/_/prospects/bright-smile-dental/edit')
  })

  it('names the owner of someone else’s, without Edit', async () => {
    keepSession(SESSION)
    await show({ ...MAYA_DETAIL, owner: BOB, rights: othersRights(BOB) })
    screen.getByText('This prospect belongs to bob@example.com: only they or an admin can change it.')
    expect(editLink()).toBeNull()
    expect(screen.queryByRole('button', { name: 'Take it over' })).toBeNull()
  })

  it('offers an admin Edit on anyone’s prospect', async () => {
    keepSession(ADMIN_SESSION)
    await show({ ...MAYA_DETAIL, owner: ANN, rights: ADMIN_RIGHTS })
    screen.getByText('Owned by ann@example.com.')
    expect(editLink()).not.toBeNull()
  })

  it('lets a rep take over one nobody owns, and then edit it', async () => {
    keepSession(SESSION)
    await show({ ...MAYA_DETAIL, owner: null, rights: othersRights(null) })
    screen.getByText('Nobody owns this prospect yet.')
    expect(editLink()).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Take it over' }))
    const request = last(writes())
    expect([request.method, request.url]).toEqual(['PUT', '/api/reps/prospects/bright-smile-dental/owner'])
    expect(request.headers.get(CSRF_HEADER)).toBe(SESSION.csrfToken)
    expect(JSON.parse(String(request.body))).toEqual({ ownerId: ANN.id })
    await answer(request, Response.json({ ...MAYA_DETAIL, owner: ANN }))
    screen.getByText('You own this prospect.')
    expect(editLink()).not.toBeNull()
  })

  it('says why when taking over was refused (someone was quicker)', async () => {
    keepSession(SESSION)
    await show({ ...MAYA_DETAIL, owner: null, rights: othersRights(null) })
    fireEvent.click(screen.getByRole('button', { name: 'Take it over' }))
    const message = 'This prospect belongs to bob@example.com: only they or an admin can change it.'
    await answer(last(writes()), errorAnswer(403, 'not_your_prospect', message))
    expect(screen.getByRole('alert').textContent).toBe(message)
    expect(editLink()).toBeNull()
  })

  it('leaves the fallback prospect to admins: no Take it over for a rep', async () => {
    keepSession(SESSION)
    render(<ProspectDetailPage slug="visitor" />)
    const visitor = {
      ...MAYA_DETAIL,
      owner: null,
      fields: { ...MAYA_DETAIL.fields, slug: 'visitor' },
      rights: { change: false, takeOver: false, reassign: false, refusal: { status: 'fallback_admin_only' } },
    }
    await answer(pending(requests, '/api/reps/prospects/visitor'), Response.json(visitor))
    screen.getByText('Only an admin can change the fallback prospect "visitor".')
    expect(screen.queryByRole('button', { name: 'Take it over' })).toBeNull()
    expect(editLink()).toBeNull()
  })
})
