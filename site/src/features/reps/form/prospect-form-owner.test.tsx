import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import { answerTemplates, field, type, writes as writesOf } from '../testing/form-queries.ts'
import {
  ADMIN_RIGHTS,
  ANN,
  answer,
  BOB,
  last,
  MAYA_DETAIL,
  MAYA_FIELDS,
  othersRights,
  pending,
  SESSION,
} from '../testing/rep-fixtures.ts'
import { ProspectFormPage } from './prospect-form-page.tsx'

// The owner in the form: an admin picks it; a rep has no such field (a new prospect is theirs) and
// no form at all for someone else's prospect.

let requests: ReturnType<typeof installFakeFetch>
const ADMIN_SESSION = { rep: BOB, csrfToken: 'csrf-token-of-bob' }
const CY = { id: '00000000-0000-4000-8000-000000000003', email: 'cy@example.com', role: 'rep' as const }
const REPS = {
  reps: [
    { ...ANN, disabled: false },
    { ...BOB, disabled: false },
    { ...CY, disabled: true },
  ],
}

beforeEach(() => {
  requests = installFakeFetch()
})
afterEach(() => {
  cleanup()
  resetSession()
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
  sessionStorage.clear() // the form's drafts
})

const writes = () => writesOf(requests)
const ownerOptions = () =>
  within(screen.getByRole('combobox', { name: 'Owner' }))
    .getAllByRole('option')
    .map((option) => option.textContent)

async function fillMaya() {
  await answerTemplates(requests)
  type('Company name', MAYA_FIELDS.company_name)
  type('Contact name', MAYA_FIELDS.name)
  type('Kind of business', 'dental')
  type('City', 'Austin')
  type('Opening hours', 'Monday to Friday, 8 am to 6 pm')
}

async function edit(detail = MAYA_DETAIL) {
  window.history.replaceState(null, '', '/_/prospects/bright-smile-dental/edit')
  render(<ProspectFormPage slug="bright-smile-dental" />)
  await answer(pending(requests, '/api/reps/prospects/bright-smile-dental'), Response.json(detail))
}

describe('the owner picker', () => {
  it('is not there for a rep: their new prospect is theirs, sent without an owner', async () => {
    keepSession(SESSION)
    render(<ProspectFormPage slug={null} />)
    expect(screen.queryByRole('combobox', { name: 'Owner' })).toBeNull()
    await fillMaya()
    fireEvent.click(screen.getByRole('button', { name: 'Create prospect' }))
    expect(JSON.parse(String(last(writes()).body))).toEqual(MAYA_FIELDS)
  })

  it('lets an admin give a new prospect to an enabled rep or to nobody; it starts as theirs', async () => {
    keepSession(ADMIN_SESSION)
    render(<ProspectFormPage slug={null} />)
    await answer(pending(requests, '/api/reps/reps'), Response.json(REPS))
    expect(ownerOptions()).toEqual(['Nobody', 'ann@example.com', 'bob@example.com'])
    expect(field('Owner').value).toBe(BOB.id)
    await fillMaya()
    type('Owner', ANN.id)
    fireEvent.click(screen.getByRole('button', { name: 'Create prospect' }))
    expect(JSON.parse(String(last(writes()).body))).toEqual({ fields: MAYA_FIELDS, ownerId: ANN.id })
  })

  it('shows an admin the owner a prospect has, disabled or not, and sends it only when changed', async () => {
    keepSession(ADMIN_SESSION)
    await edit({ ...MAYA_DETAIL, owner: CY, rights: ADMIN_RIGHTS })
    await answer(pending(requests, '/api/reps/reps'), Response.json(REPS))
    await answerTemplates(requests)
    expect(ownerOptions()).toEqual([
      'Nobody',
      'cy@example.com (disabled)',
      'ann@example.com',
      'bob@example.com',
    ])
    expect(field('Owner').value).toBe(CY.id)
    type('City', 'Dallas')
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(JSON.parse(String(last(writes()).body))).toEqual({ ...MAYA_FIELDS, city: 'Dallas' })
    await answer(last(writes()), Response.json(MAYA_DETAIL))

    cleanup()
    sessionStorage.clear()
    await edit({ ...MAYA_DETAIL, owner: CY, rights: ADMIN_RIGHTS })
    type('Owner', '')
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(JSON.parse(String(last(writes()).body))).toEqual({ fields: MAYA_FIELDS, ownerId: null })
  })
})

describe('someone else’s prospect', () => {
  it('gives a rep no form and no Delete, and says whose it is', async () => {
    keepSession(SESSION)
    await edit({ ...MAYA_DETAIL, owner: BOB, rights: othersRights(BOB) })
    screen.getByRole('heading', { level: 1, name: 'Edit Bright Smile Dental' })
    screen.getByText('This prospect belongs to bob@example.com: only they or an admin can change it.')
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Delete prospect' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Back to Bright Smile Dental' }).getAttribute('href')).toBe(
      '/_/prospects/bright-smile-dental',
    )
  })

  it('sends a rep to its page to take over a prospect nobody owns', async () => {
    keepSession(SESSION)
    await edit({ ...MAYA_DETAIL, owner: null, rights: othersRights(null) })
    screen.getByText('Nobody owns this prospect yet: take it over on its page to change it, or ask an admin.')
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull()
  })

  it('is an admin’s to change and delete all the same', async () => {
    keepSession(ADMIN_SESSION)
    await edit({ ...MAYA_DETAIL, owner: ANN, rights: ADMIN_RIGHTS })
    screen.getByRole('button', { name: 'Save changes' })
    screen.getByRole('button', { name: 'Delete prospect' })
  })

  it('shows the server’s refusal when the prospect changed hands while the form was open', async () => {
    keepSession(SESSION)
    await edit()
    await answerTemplates(requests)
    type('City', 'Dallas')
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    const message = 'This prospect belongs to bob@example.com: only they or an admin can change it.'
    await answer(
      last(writes()),
      Response.json({ error: { code: 'not_your_prospect', message } }, { status: 403 }),
    )
    expect(screen.getByRole('alert').textContent).toBe(message)
  })
})
