import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import { SignInPage } from '../sign-in/sign-in-page.tsx'
import { answerTemplates, field, type, writes } from '../testing/form-queries.ts'
import { answer, errorAnswer, last, MAYA_DETAIL, pending, SESSION } from '../testing/rep-fixtures.ts'
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
  sessionStorage.clear()
})

const RESTORED = 'Your unsaved changes were restored.'
const restoredNote = () => screen.queryByText(RESTORED)

/** The page as after a reload: a new render of the same address, with the same tab's storage. */
function reload(slug: string | null) {
  cleanup()
  requests = installFakeFetch()
  render(<ProspectFormPage slug={slug} />)
}

async function openMaya() {
  window.history.replaceState(null, '', '/_/prospects/bright-smile-dental/edit')
  render(<ProspectFormPage slug="bright-smile-dental" />)
  await answer(pending(requests, '/api/reps/prospects/bright-smile-dental'), Response.json(MAYA_DETAIL))
}

describe('ProspectFormPage: nothing typed is lost', () => {
  it('keeps an edit through a reload, says so, and Discard changes goes back to the saved values', async () => {
    await openMaya()
    expect(restoredNote()).toBeNull()
    type('City', 'Dallas')
    type('Own first message (optional)', 'Bright Smile, Ava speaking.')

    reload('bright-smile-dental')
    await answer(pending(requests, '/api/reps/prospects/bright-smile-dental'), Response.json(MAYA_DETAIL))
    expect(field('City').value).toBe('Dallas')
    // Restored words of its own are shown, not folded away.
    expect(field('Own first message (optional)').closest('details')?.open).toBe(true)
    // Said where the form starts, as a status a screen reader reads too.
    expect(screen.getByText(RESTORED).closest('[role="status"]')).not.toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }))
    expect(field('City').value).toBe('Austin')
    expect(field('Own first message (optional)').value).toBe('')
    expect(restoredNote()).toBeNull()
    expect(document.activeElement).toBe(field('Company name'))
    reload('bright-smile-dental')
    await answer(pending(requests, '/api/reps/prospects/bright-smile-dental'), Response.json(MAYA_DETAIL))
    expect(field('City').value).toBe('Austin')
    expect(restoredNote()).toBeNull()
  })

  it('keeps a new prospect through sign-in when the session ended before the save, and restores it on return', async () => {
    render(<ProspectFormPage slug={null} />)
    await answerTemplates(requests)
    type('Company name', 'Lakeside Dental')
    type('Contact name', 'Dr. Nora Lake')
    type('Slug', 'nora')
    fireEvent.click(screen.getByRole('button', { name: 'Create prospect' }))
    await answer(last(writes(requests)), errorAnswer(401, 'signed_out', 'Please sign in.'))
    expect(window.location.pathname + window.location.search).toBe(
      `/_/sign-in?next=${encodeURIComponent('/_/prospects/new')}`,
    )

    cleanup()
    render(<SignInPage />)
    type('Email', 'ann@example.com')
    type('Password', 'correct horse battery staple')
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await answer(last(requests), Response.json(SESSION))
    expect(window.location.pathname).toBe('/_/prospects/new')

    reload(null)
    expect(field('Company name').value).toBe('Lakeside Dental')
    expect(field('Contact name').value).toBe('Dr. Nora Lake')
    screen.getByText(RESTORED)
    // The slug the rep typed is still theirs: the company name no longer rewrites it.
    type('Company name', 'Lakeside Family Dental')
    expect(field('Slug').value).toBe('nora')
  })

  it('forgets the draft once the prospect is saved', async () => {
    render(<ProspectFormPage slug={null} />)
    await answerTemplates(requests)
    type('Company name', 'Bright Smile Dental')
    type('Contact name', 'Dr. Maya Patel')
    fireEvent.click(screen.getByRole('button', { name: 'Create prospect' }))
    await answer(last(writes(requests)), Response.json(MAYA_DETAIL, { status: 201 }))
    expect(window.location.pathname).toBe('/_/prospects/bright-smile-dental')

    window.history.replaceState(null, '', '/_/prospects/new')
    reload(null)
    expect(field('Company name').value).toBe('')
    expect(restoredNote()).toBeNull()
  })

  it('keeps one draft per form: a new prospect’s is not another prospect’s edit', async () => {
    render(<ProspectFormPage slug={null} />)
    type('Company name', 'Lakeside Dental')
    cleanup()
    await openMaya()
    expect(field('Company name').value).toBe('Bright Smile Dental')
    expect(restoredNote()).toBeNull()
  })

  it('keeps the business’s details in the draft, and restores a draft kept before the form had them', async () => {
    render(<ProspectFormPage slug={null} />)
    type('Company name', 'Lakeside Dental')
    type('Phone number', '(512) 555-0100')
    type('Brand colour', '#0e7490')
    reload(null)
    expect(field('Phone number').value).toBe('(512) 555-0100')
    expect(field('Brand colour').value).toBe('#0e7490')

    // A tab that kept its draft before the deploy that added them: the rest of it is not lost.
    const older = { slug: 'nora', name: 'Dr. Nora Lake', company_name: 'Lakeside Dental', template: 'dental' }
    sessionStorage.setItem('reps:draft:prospect:new', JSON.stringify(older))
    reload(null)
    screen.getByText(RESTORED)
    expect(field('Contact name').value).toBe('Dr. Nora Lake')
    expect(field('Phone number').value).toBe('')
    // One of another shape altogether is none.
    sessionStorage.setItem('reps:draft:prospect:new', JSON.stringify({ city: 'Austin' }))
    reload(null)
    expect(restoredNote()).toBeNull()
  })

  it('keeps no draft of values back as they were', async () => {
    await openMaya()
    type('City', 'Dallas')
    type('City', 'Austin')
    reload('bright-smile-dental')
    await answer(pending(requests, '/api/reps/prospects/bright-smile-dental'), Response.json(MAYA_DETAIL))
    expect(restoredNote()).toBeNull()
  })
})

describe('ProspectFormPage: the summary of a refused save', () => {
  it('goes once the slug the server refused changes, also when it follows the company name', async () => {
    render(<ProspectFormPage slug={null} />)
    await answerTemplates(requests)
    type('Company name', 'Acme Dental')
    type('Contact name', 'Dana Reyes')
    fireEvent.click(screen.getByRole('button', { name: 'Create prospect' }))
    await answer(
      last(writes(requests)),
      errorAnswer(409, 'slug_taken', 'Another prospect already has this link.'),
    )
    expect(screen.getByRole('alert').textContent).toBe('Another prospect already has this link.')
    type('Company name', 'Acme Dental Austin') // the slug follows: acme-dental-austin
    expect(field('Slug').value).toBe('acme-dental-austin')
    expect(field('Slug').getAttribute('aria-invalid')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
