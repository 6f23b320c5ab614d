import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CSRF_HEADER } from '#core/rep-api.ts'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import { answerTemplates, description, field, type, writes as writesOf } from '../testing/form-queries.ts'
import {
  answer,
  errorAnswer,
  last,
  MAYA_DETAIL,
  MAYA_FIELDS,
  pending,
  SESSION,
} from '../testing/rep-fixtures.ts'
import { ProspectFormPage } from './prospect-form-page.tsx'

let requests: ReturnType<typeof installFakeFetch>

beforeEach(() => {
  requests = installFakeFetch()
  keepSession(SESSION)
  window.history.replaceState(null, '', '/_/prospects/new')
})
afterEach(() => {
  cleanup()
  resetSession()
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
  sessionStorage.clear() // the form's drafts
})

const writes = () => writesOf(requests)

async function fillMaya() {
  await answerTemplates(requests)
  type('Company name', MAYA_FIELDS.company_name)
  type('Contact name', MAYA_FIELDS.name)
  type('Kind of business', 'dental')
  type('City', 'Austin')
  type('Opening hours', 'Monday to Friday, 8 am to 6 pm')
}

describe('ProspectFormPage: a new prospect', () => {
  it('shows a field’s problem as it is typed, tied to the field, and gone once fixed', () => {
    render(<ProspectFormPage slug={null} />)
    expect(field('Contact name').getAttribute('aria-invalid')).toBeNull() // nothing before typing
    type('Contact name', 'M'.repeat(121))
    expect(field('Contact name').getAttribute('aria-invalid')).toBe('true')
    expect(description('Contact name')).toContain('Contact name has 121 characters (at most 120)')
    type('Contact name', '')
    expect(description('Contact name')).toContain('Contact name is required')
    type('Contact name', 'Maya Patel')
    expect(field('Contact name').getAttribute('aria-invalid')).toBeNull()
    expect(description('Contact name')).not.toContain('Contact name ')
  })

  it('suggests the slug from the company name until the rep edits the slug', () => {
    render(<ProspectFormPage slug={null} />)
    type('Company name', 'Café Olé & Sons')
    expect(field('Slug').value).toBe('cafe-ole-sons')
    type('Slug', 'ole')
    type('Company name', 'Café Olé & Daughters')
    expect(field('Slug').value).toBe('ole')
  })

  it('says whether the slug is free once typing pauses', async () => {
    render(<ProspectFormPage slug={null} />)
    type('Slug', 'acme')
    const check = await vi.waitFor(() => pending(requests, '/api/reps/slugs/acme'))
    expect(description('Slug')).toContain('Checking whether this link is free…')
    await answer(
      check,
      Response.json({ available: false, reason: 'Another prospect already has this link.' }),
    )
    expect(field('Slug').getAttribute('aria-invalid')).toBe('true')
    expect(description('Slug')).toContain('Another prospect already has this link.')
  })

  it('ignores an answer about a slug no longer typed, however late it comes', async () => {
    requests = installFakeFetch({ ignoreAbort: true }) // the network answers the older request anyway
    render(<ProspectFormPage slug={null} />)
    type('Slug', 'acme')
    const older = await vi.waitFor(() => pending(requests, '/api/reps/slugs/acme'))
    type('Slug', 'acme-co')
    const newer = await vi.waitFor(() => pending(requests, '/api/reps/slugs/acme-co'))
    await answer(newer, Response.json({ available: true, reason: null }))
    await answer(
      older,
      Response.json({ available: false, reason: 'Another prospect already has this link.' }),
    )
    expect(description('Slug')).toContain('This link is free.')
    expect(description('Slug')).not.toContain('Another prospect')
    expect(field('Slug').getAttribute('aria-invalid')).toBeNull()
  })

  it('sends nothing while a field breaks the rule, marks every such field and focuses the first', () => {
    render(<ProspectFormPage slug={null} />)
    type('Contact name', 'Maya')
    fireEvent.click(screen.getByRole('button', { name: 'Create prospect' }))
    expect(writes()).toHaveLength(0)
    expect(document.activeElement).toBe(field('Company name'))
    for (const label of ['Company name', 'Slug']) {
      expect(field(label).getAttribute('aria-invalid'), label).toBe('true')
    }
    for (const label of [
      'Contact name',
      'City',
      'Own first message (optional)',
      'Own system prompt (optional)',
    ]) {
      expect(field(label).getAttribute('aria-invalid'), label).toBeNull()
    }
    expect(screen.getByRole('alert').textContent).toBe('Please correct the marked fields.')
  })

  it('takes the form’s alert away once the marked fields are fixed', () => {
    render(<ProspectFormPage slug={null} />)
    fireEvent.click(screen.getByRole('button', { name: 'Create prospect' }))
    expect(screen.getByRole('alert').textContent).toBe('Please correct the marked fields.')
    type('Company name', 'Acme Dental') // the slug follows: two of the three fixed
    expect(screen.getByRole('alert').textContent).toBe('Please correct the marked fields.')
    type('Contact name', 'Dana Reyes')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('creates the prospect with the CSRF token, then shows its page', async () => {
    render(<ProspectFormPage slug={null} />)
    await fillMaya()
    fireEvent.click(screen.getByRole('button', { name: 'Create prospect' }))
    const request = last(writes())
    expect([request.method, request.url]).toEqual(['POST', '/api/reps/prospects'])
    expect(request.headers.get(CSRF_HEADER)).toBe(SESSION.csrfToken)
    expect(request.headers.get('content-type')).toBe('application/json')
    expect(JSON.parse(String(request.body))).toEqual(MAYA_FIELDS)
    await answer(request, Response.json(MAYA_DETAIL, { status: 201 }))
    expect(window.location.pathname).toBe('/_/prospects/bright-smile-dental')
  })

  it("shows the server's field errors and a taken slug on their fields", async () => {
    render(<ProspectFormPage slug={null} />)
    await fillMaya()
    fireEvent.click(screen.getByRole('button', { name: 'Create prospect' }))
    const fields = { system: 'Own system prompt has 20001 characters (at most 20000)' }
    await answer(
      last(writes()),
      errorAnswer(422, 'prospect_invalid', 'Please correct the marked fields.', { fields }),
    )
    const prompt = 'Own system prompt (optional)'
    expect(field(prompt).getAttribute('aria-invalid')).toBe('true')
    expect(description(prompt)).toContain('Own system prompt has 20001 characters (at most 20000)')
    // Focus moves to it, opening the disclosure it was closed in.
    expect(field(prompt).closest('details')?.open).toBe(true)
    expect(document.activeElement).toBe(field(prompt))
    expect(window.location.pathname).toBe('/_/prospects/new')

    type(prompt, 'A shorter prompt.') // the server's word on a field holds until it changes
    expect(field(prompt).getAttribute('aria-invalid')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Create prospect' }))
    await answer(last(writes()), errorAnswer(409, 'slug_taken', 'Another prospect already has this link.'))
    expect(field('Slug').getAttribute('aria-invalid')).toBe('true')
    expect(description('Slug')).toContain('Another prospect already has this link.')
  })
})

describe('ProspectFormPage: editing', () => {
  async function editMaya() {
    window.history.replaceState(null, '', '/_/prospects/bright-smile-dental/edit')
    render(<ProspectFormPage slug="bright-smile-dental" />)
    screen.getByText('Loading bright-smile-dental…')
    await answer(pending(requests, '/api/reps/prospects/bright-smile-dental'), Response.json(MAYA_DETAIL))
  }

  it('starts from the saved fields, keeps the slug, and saves with PUT', async () => {
    await editMaya()
    await answerTemplates(requests)
    expect(field('Kind of business').value).toBe('dental')
    expect(field('City').value).toBe('Austin')
    expect(field('Services').value).toBe('')
    // No words of its own: the disclosure for them starts closed.
    expect(field('Own first message (optional)').closest('details')?.open).toBe(false)
    type('Company name', 'Bright Smile Dental Care')
    expect(field('Slug').value).toBe('bright-smile-dental') // no suggestion for a saved prospect
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    const request = last(writes())
    expect([request.method, request.url]).toEqual(['PUT', '/api/reps/prospects/bright-smile-dental'])
    expect(request.headers.get(CSRF_HEADER)).toBe(SESSION.csrfToken)
    expect(JSON.parse(String(request.body)).company_name).toBe('Bright Smile Dental Care')
    expect(requests.some((r) => r.url.startsWith('/api/reps/slugs/'))).toBe(false) // its own slug
  })

  it('shows a prospect’s own words open, ready to change', async () => {
    window.history.replaceState(null, '', '/_/prospects/bright-smile-dental/edit')
    render(<ProspectFormPage slug="bright-smile-dental" />)
    const own = { ...MAYA_DETAIL, fields: { ...MAYA_FIELDS, first_message: 'Bright Smile, Ava speaking.' } }
    await answer(pending(requests, '/api/reps/prospects/bright-smile-dental'), Response.json(own))
    const firstMessage = field('Own first message (optional)')
    expect(firstMessage.value).toBe('Bright Smile, Ava speaking.')
    expect(firstMessage.closest('details')?.open).toBe(true)
    expect(description('Own first message (optional)')).toContain("Empty: the template's.")
  })

  it('deletes after a confirmation dialog that starts on Cancel and gives focus back', async () => {
    await editMaya()
    const opener = screen.getByRole('button', { name: 'Delete prospect' })
    fireEvent.click(opener)
    const dialog = screen.getByRole('dialog', { name: 'Delete Bright Smile Dental?' })
    expect((dialog as HTMLDialogElement).open).toBe(true)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }))
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect((dialog as HTMLDialogElement).open).toBe(false)
    expect(document.activeElement).toBe(opener)
    expect(writes()).toHaveLength(0)

    fireEvent.click(opener)
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    const request = last(writes())
    expect([request.method, request.url]).toEqual(['DELETE', '/api/reps/prospects/bright-smile-dental'])
    expect(request.headers.get(CSRF_HEADER)).toBe(SESSION.csrfToken)
    await answer(request, new Response(null, { status: 204 }))
    expect(window.location.pathname).toBe('/_/prospects')
  })

  it("shows the server's message for a prospect that is gone", async () => {
    render(<ProspectFormPage slug="gone" />)
    await answer(
      last(requests.filter((r) => r.url.includes('/gone'))),
      errorAnswer(404, 'prospect_not_found', 'Prospect not found.'),
    )
    expect(screen.getByRole('alert').textContent).toBe('Prospect not found.')
  })
})
