import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { getSessionState, resetSession } from '../session/session-store.ts'
import { answer, errorAnswer, last, SESSION } from '../testing/rep-fixtures.ts'
import { SetPasswordPage } from './set-password-page.tsx'

let requests: ReturnType<typeof installFakeFetch>

beforeEach(() => {
  requests = installFakeFetch()
  resetSession()
  window.history.replaceState(null, '', '/_/set-password#token=one-time-token')
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
})

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }))

describe('SetPasswordPage', () => {
  it('asks for 12 characters and the same password twice before sending anything', () => {
    render(<SetPasswordPage />)
    type('New password', 'short')
    screen.getByText('5 of at least 12 characters')
    submit()
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true')
    screen.getByText('A password needs 12 to 1000 characters.')

    type('New password', 'a long enough phrase')
    type('Repeat the new password', 'a long enough phrasE')
    expect(screen.queryByText('A password needs 12 to 1000 characters.')).toBeNull()
    const repeat = screen.getByLabelText('Repeat the new password')
    expect(repeat.getAttribute('aria-invalid')).toBe('true')
    const errorId = repeat.getAttribute('aria-describedby') ?? ''
    expect(document.getElementById(errorId)?.textContent).toBe('The two passwords are not the same.')
    submit()
    expect(requests).toHaveLength(0)
  })

  it('sends the token and the password, then the rep is signed in and sees the list', async () => {
    render(<SetPasswordPage />)
    type('New password', 'a long enough phrase')
    type('Repeat the new password', 'a long enough phrase')
    submit()
    const request = last(requests)
    expect([request.method, request.url]).toEqual(['POST', '/api/reps/password'])
    expect(JSON.parse(String(request.body))).toEqual({
      token: 'one-time-token',
      password: 'a long enough phrase',
    })
    await answer(request, Response.json(SESSION))
    expect(window.location.pathname).toBe('/_/prospects')
    expect(getSessionState().status).toBe('signed-in')
  })

  it("shows the server's message for a used link", async () => {
    render(<SetPasswordPage />)
    type('New password', 'a long enough phrase')
    type('Repeat the new password', 'a long enough phrase')
    submit()
    const expired = 'This link has expired or was already used. Ask an admin for a new one.'
    await answer(last(requests), errorAnswer(400, 'link_expired', expired))
    expect(screen.getByRole('alert').textContent).toBe(expired)
  })

  it('says the link is incomplete without a token', () => {
    window.history.replaceState(null, '', '/_/set-password')
    render(<SetPasswordPage />)
    expect(screen.getByRole('alert').textContent).toMatch(/^This link is incomplete/)
    expect(screen.queryByLabelText('New password')).toBeNull()
  })
})
