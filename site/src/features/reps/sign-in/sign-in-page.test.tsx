import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { getSessionState, resetSession } from '../session/session-store.ts'
import { answer, errorAnswer, last, pending, SESSION } from '../testing/rep-fixtures.ts'
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

describe('Forgot your password?', () => {
  it('with mail on, asks for the email and answers with an "if", the same for any address', async () => {
    render(<SignInPage />)
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' kim@example.com ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }))
    screen.getByRole('heading', { name: 'Forgot your password?' })
    await answer(pending(requests, '/api/reps/password-reset'), Response.json({ mail: true }))
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('kim@example.com')
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link' }))
    const request = last(requests)
    expect([request.method, request.url]).toEqual(['POST', '/api/reps/password-reset'])
    expect(JSON.parse(String(request.body))).toEqual({ email: 'kim@example.com' })
    await answer(request, Response.json({ mail: true }, { status: 202 }))
    expect(screen.getByRole('status').textContent).toMatch(
      /^If kim@example\.com is the address of an account, we emailed it a link to choose a new password\. The link works once, for an hour/,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }))
    screen.getByRole('button', { name: 'Sign in' })
  })

  it("shows the limit in the server's words", async () => {
    render(<SignInPage />)
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }))
    await answer(pending(requests, '/api/reps/password-reset'), Response.json({ mail: true }))
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'kim@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link' }))
    const limited = 'Too many requests for a link. Please try again in 15 minutes.'
    await answer(last(requests), errorAnswer(429, 'sign_in_limited', limited))
    expect(screen.getByRole('alert').textContent).toBe(limited)
  })

  it('with mail off, tells the rep to ask an admin and offers no form', async () => {
    render(<SignInPage />)
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }))
    await answer(pending(requests, '/api/reps/password-reset'), Response.json({ mail: false }))
    expect(screen.getByRole('status').textContent).toBe(
      'Ask an admin of your team for a new link: they can send you one from the Team page. Your password stays as it is until you use it.',
    )
    expect(screen.queryByRole('button', { name: 'Email me a link' })).toBeNull()
  })
})
