import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { useEffect } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CSRF_HEADER } from '#core/rep-api.ts'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { requestRep } from '../api/rep-client.ts'
import { answer, errorAnswer, last, SESSION } from '../testing/rep-fixtures.ts'
import { getSessionState, keepSession, resetSession } from './session-store.ts'
import { SignedInPage } from './signed-in-page.tsx'
import { keepDraft, readDraft } from './tab-drafts.ts'

let requests: ReturnType<typeof installFakeFetch>

beforeEach(() => {
  requests = installFakeFetch()
  resetSession()
  window.history.replaceState(null, '', '/_/prospects?q=dental')
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
  sessionStorage.clear()
})

/** A page's own request, as the list makes one. */
function AsksOnMount() {
  useEffect(() => {
    requestRep('prospects').catch(() => {})
  }, [])
  return null
}

const page = () => (
  <SignedInPage title="Prospects">
    <p>The page itself</p>
  </SignedInPage>
)

describe('SignedInPage', () => {
  it('asks for the session, then shows the page with the rep in the header', async () => {
    render(page())
    screen.getByText('Checking that you are signed in…')
    expect(screen.queryByText('The page itself')).toBeNull()
    expect([last(requests).method, last(requests).url]).toEqual(['GET', '/api/reps/session'])
    await answer(last(requests), Response.json(SESSION))
    screen.getByText('The page itself')
    screen.getByText('ann@example.com')
    screen.getByText('Rep')
    screen.getByRole('button', { name: 'Sign out' })
  })

  it('sends a signed-out rep to sign-in, to come back here, without a history entry to return to', async () => {
    const historyLength = window.history.length
    render(page())
    await answer(last(requests), errorAnswer(401, 'signed_out', 'Please sign in.'))
    expect(window.location.pathname + window.location.search).toBe(
      `/_/sign-in?next=${encodeURIComponent('/_/prospects?q=dental')}`,
    )
    expect(window.history.length).toBe(historyLength)
    expect(screen.queryByText('The page itself')).toBeNull()
  })

  it('goes to sign-in as soon as any later request finds the session gone', async () => {
    keepSession(SESSION)
    render(
      <SignedInPage title="Prospects">
        <AsksOnMount />
      </SignedInPage>,
    )
    expect(last(requests).url).toBe('/api/reps/prospects')
    await answer(last(requests), errorAnswer(401, 'signed_out', 'Please sign in.'))
    expect(window.location.pathname + window.location.search).toBe(
      `/_/sign-in?next=${encodeURIComponent('/_/prospects?q=dental')}`,
    )
  })

  it('shows why the session could not be checked, and tries again', async () => {
    render(page())
    await answer(last(requests), new Response('<h1>Bad gateway</h1>', { status: 502 }))
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong on our side. Please try again.')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(requests).toHaveLength(2)
    await answer(last(requests), Response.json(SESSION))
    screen.getByText('The page itself')
  })

  it('signs out at once with nothing unsaved in the tab', async () => {
    keepSession(SESSION)
    sessionStorage.setItem('reps:import-job', 'job-1') // not a draft
    render(page())
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    const request = last(requests)
    expect([request.method, request.url]).toEqual(['DELETE', '/api/reps/session'])
    await answer(request, new Response(null, { status: 204 }))
    expect(window.location.pathname).toBe('/_/sign-in')
  })

  it('asks first with an unsaved prospect in the tab, naming it; Keep editing changes nothing', async () => {
    keepSession(SESSION)
    keepDraft('prospect:new', { slug: '', name: '', company_name: '' })
    keepDraft('prospect:lakeside-dental', {
      slug: 'lakeside-dental',
      name: 'Dr. Lee',
      company_name: 'Lakeside Dental',
    })
    render(page())
    const opener = screen.getByRole('button', { name: 'Sign out' })
    fireEvent.click(opener)
    const dialog = screen.getByRole('dialog', { name: 'Sign out and lose your unsaved changes?' })
    expect(dialog.textContent).toContain(
      'This tab has changes you have not saved to Lakeside Dental and a new prospect. Signing out discards them',
    )
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep editing' }))
    expect(requests.filter((one) => one.method === 'DELETE')).toEqual([])
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }))
    expect((dialog as HTMLDialogElement).open).toBe(false)
    expect(document.activeElement).toBe(opener)
    expect(requests.filter((one) => one.method === 'DELETE')).toEqual([])
    expect(readDraft('prospect:lakeside-dental')).toMatchObject({ company_name: 'Lakeside Dental' })
    expect(getSessionState().status).toBe('signed-in')
  })

  it('signs out with the CSRF token once confirmed, then shows sign-in, forgetting the tab’s unsaved drafts', async () => {
    keepSession(SESSION)
    keepDraft('prospect:new', { company_name: 'Lakeside Dental' })
    sessionStorage.setItem('reps:import-job', 'job-1')
    render(page())
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }))
    const dialog = screen.getByRole('dialog', { name: 'Sign out and lose your unsaved changes?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out and discard' }))
    expect((dialog as HTMLDialogElement).open).toBe(false)
    const request = last(requests)
    expect([request.method, request.url]).toEqual(['DELETE', '/api/reps/session'])
    expect(request.headers.get(CSRF_HEADER)).toBe(SESSION.csrfToken)
    await answer(request, new Response(null, { status: 204 }))
    expect(window.location.pathname + window.location.search).toBe('/_/sign-in')
    expect(getSessionState().status).toBe('signed-out')
    expect(readDraft('prospect:new')).toBeNull()
    expect(sessionStorage.getItem('reps:import-job')).toBe('job-1') // not a draft
  })

  it('says so, and stays signed in, when signing out fails', async () => {
    keepSession(SESSION)
    render(page())
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }))
    await answer(
      last(requests),
      errorAnswer(403, 'csrf_failed', 'This page is out of date. Please reload it and try again.'),
    )
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe(
      'Not signed out: This page is out of date. Please reload it and try again.',
    )
    // Under the header's sections, in its flow: never over the page's heading.
    expect(alert.parentElement?.tagName).toBe('HEADER')
    expect(alert.previousElementSibling?.tagName).toBe('NAV')
    expect(alert.className).not.toMatch(/\b(absolute|fixed)\b/)
    expect(screen.getByRole('button', { name: 'Sign out' }).getAttribute('aria-describedby')).toBe(alert.id)
    expect(window.location.pathname).toBe('/_/prospects')
    screen.getByText('The page itself')
  })
})
