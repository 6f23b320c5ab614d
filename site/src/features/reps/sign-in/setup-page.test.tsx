import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { getSessionState, resetSession } from '../session/session-store.ts'
import { answer, errorAnswer, last, SESSION } from '../testing/rep-fixtures.ts'
import { SetupPage } from './setup-page.tsx'

let requests: ReturnType<typeof installFakeFetch>

beforeEach(() => {
  requests = installFakeFetch()
  resetSession()
  window.history.replaceState(null, '', '/_/setup#token=setup-token')
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
})

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create the admin and sign in' }))
const fillIn = (email = 'ann@example.com', password = 'a long enough phrase') => {
  type('Email', email)
  type('New password', password)
  type('Repeat the new password', password)
}

describe('SetupPage', () => {
  it('asks for an email and the same long password twice before sending anything', () => {
    render(<SetupPage />)
    screen.getByRole('heading', { name: 'Set up the first admin' })
    fillIn('not an email', 'short')
    submit()
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true')
    screen.getByText('Please enter an email address, like name@example.com.')
    screen.getByText('A password needs 12 to 1000 characters.')
    expect(requests).toHaveLength(0)
  })

  it('sends the token, the email and the password; the admin is signed in and sees the list', async () => {
    render(<SetupPage />)
    fillIn(' ann@example.com ')
    submit()
    const request = last(requests)
    expect([request.method, request.url]).toEqual(['POST', '/api/reps/setup'])
    expect(JSON.parse(String(request.body))).toEqual({
      token: 'setup-token',
      email: 'ann@example.com',
      password: 'a long enough phrase',
    })
    await answer(request, Response.json(SESSION))
    expect(window.location.pathname).toBe('/_/prospects')
    expect(getSessionState().status).toBe('signed-in')
  })

  it('says to sign in once an admin exists, and shows any other refusal as the server says it', async () => {
    render(<SetupPage />)
    fillIn()
    submit()
    const done = 'An admin account exists already, so this setup link no longer works. Please sign in.'
    await answer(last(requests), errorAnswer(409, 'setup_done', done))
    expect(screen.getByRole('alert').textContent).toBe(`${done} Go to sign-in`)
    expect(screen.getByRole('link', { name: 'Go to sign-in' }).getAttribute('href')).toBe('/_/sign-in')

    submit()
    const expired = 'This setup link has expired. Restarting the server prints a new one.'
    await answer(last(requests), errorAnswer(400, 'setup_link_expired', expired))
    expect(screen.getByRole('alert').textContent).toBe(expired)
    expect(getSessionState().status).not.toBe('signed-in')
  })

  it('says the link is incomplete without a token', () => {
    window.history.replaceState(null, '', '/_/setup')
    render(<SetupPage />)
    expect(screen.getByRole('alert').textContent).toMatch(/^This link is incomplete/)
    expect(screen.queryByLabelText('Email')).toBeNull()
  })
})
