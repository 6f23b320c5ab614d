import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeFetch, type PendingRequest } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import { answer, last, pending, SESSION } from '../testing/rep-fixtures.ts'
import { NudgeMail } from './nudge-mail.tsx'

let requests: PendingRequest[]
beforeEach(() => {
  requests = installFakeFetch()
  keepSession(SESSION)
})
afterEach(() => {
  cleanup()
  resetSession()
  vi.unstubAllGlobals()
})

describe('NudgeMail', () => {
  it('shows the choice and saves email instead of the chat', async () => {
    render(<NudgeMail />)
    await answer(pending(requests, '/api/reps/profile/nudges'), Response.json({ choice: 'off', mail: true }))
    expect((screen.getByRole('radio', { name: 'In the team’s chat only' }) as HTMLInputElement).checked).toBe(
      true,
    )
    fireEvent.click(screen.getByRole('radio', { name: 'By email instead of the team’s chat' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    const request = last(requests)
    expect([request.method, JSON.parse(String(request.body))]).toEqual(['PUT', { choice: 'only' }])
    await answer(request, Response.json({ choice: 'only', mail: true }))
    expect(screen.getByRole('status').textContent).toBe('Saved.')
  })

  it('with mail off, says nudges reach the rep in the chat only, and offers no choice', async () => {
    render(<NudgeMail />)
    await answer(pending(requests, '/api/reps/profile/nudges'), Response.json({ choice: 'off', mail: false }))
    screen.getByText(/Mail is not set up on this server, so they cannot be emailed\./)
    expect(screen.queryByRole('radio')).toBeNull()
  })
})
