import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { getSessionState, resetSession } from '../session/session-store.ts'
import { answer, errorAnswer, last, SESSION } from '../testing/rep-fixtures.ts'
import { SignInPage } from './sign-in-page.tsx'

let requests: ReturnType<typeof installFakeFetch>

beforeEach(() => {
  requests = installFakeFetch()
  resetSession()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
})

function signIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
}

describe('SignInPage', () => {
  it('posts the email and password, then goes where the rep was going', async () => {
    window.history.replaceState(null, '', '/_/sign-in?next=%2F_%2Fprospects%2Facme%2Fedit')
    render(<SignInPage />)
    signIn(' ann@example.com ', 'correct horse battery')
    expect(screen.getByRole('button', { name: 'Signing in…' }).hasAttribute('disabled')).toBe(true)
    const request = last(requests)
    expect([request.method, request.url, request.credentials]).toEqual([
      'POST',
      '/api/reps/session',
      'same-origin',
    ])
    expect(JSON.parse(String(request.body))).toEqual({
      email: 'ann@example.com',
      password: 'correct horse battery',
    })

    await answer(request, Response.json(SESSION))
    expect(window.location.pathname + window.location.search).toBe('/_/prospects/acme/edit')
    expect(getSessionState()).toEqual({ status: 'signed-in', session: SESSION })
  })

  it('never follows a next that leaves the reps’ pages: it lands on Activity, as without one', async () => {
    window.history.replaceState(null, '', '/_/sign-in?next=https%3A%2F%2Fevil.example%2F')
    render(<SignInPage />)
    signIn('ann@example.com', 'correct horse battery')
    await answer(last(requests), Response.json(SESSION))
    expect(window.location.href).toBe(`${window.location.origin}/_/activity`)
  })

  it("shows the server's answer to a wrong pair and to too many attempts, and stays", async () => {
    window.history.replaceState(null, '', '/_/sign-in')
    render(<SignInPage />)
    signIn('ann@example.com', 'wrong password')
    await answer(last(requests), errorAnswer(401, 'sign_in_failed', 'That email and password do not match.'))
    expect(screen.getByRole('alert').textContent).toBe('That email and password do not match.')
    expect(window.location.pathname).toBe('/_/sign-in')
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('wrong password')

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.queryByRole('alert')).toBeNull() // the old message goes while the new try runs
    const limited = 'Too many sign-in attempts. Please wait a few minutes and try again.'
    await answer(last(requests), errorAnswer(429, 'sign_in_limited', limited))
    expect(screen.getByRole('alert').textContent).toBe(limited)
    expect(getSessionState().status).not.toBe('signed-in')
  })

  it('says so when the server cannot be reached', async () => {
    render(<SignInPage />)
    signIn('ann@example.com', 'correct horse battery')
    await vi.waitFor(() => expect(requests).toHaveLength(1))
    last(requests).fail(new TypeError('Failed to fetch'))
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Something went wrong on our side. Please try again.',
      ),
    )
    screen.getByRole('button', { name: 'Sign in' })
  })
})
