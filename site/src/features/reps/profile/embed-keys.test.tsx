import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { EmbedKey } from '#core/embed-keys.ts'
import { CSRF_HEADER } from '#core/rep-api.ts'
import { installFakeFetch, type PendingRequest } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import { answer, errorAnswer, last, pending, SESSION } from '../testing/rep-fixtures.ts'
import { EmbedKeys } from './embed-keys.tsx'

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

const USED: EmbedKey = {
  id: '6f1c3a52-0b7e-4d8e-9a43-1f2b3c4d5e6f',
  label: 'harbor-realty.example',
  createdAt: '2027-01-02T09:00:00.000Z',
  lastUsedAt: '2027-01-03T15:30:00.000Z',
}
const SECRET = `vdk_${'k'.repeat(43)}`

it('makes a key for a site, shows it once to copy, and lists the keys with when they were made and used', async () => {
  render(<EmbedKeys />)
  await answer(pending(requests, '/api/reps/embed-keys'), Response.json({ keys: [USED] }))
  const list = screen.getByRole('list', { name: 'Your site keys' })
  expect(within(list).getByText('harbor-realty.example')).toBeTruthy()
  within(list).getByText(/^Made .* · Last used /)
  expect(screen.queryByText(SECRET)).toBeNull()

  fireEvent.change(screen.getByLabelText(/^Site/), { target: { value: 'bright-smile.example' } })
  fireEvent.click(screen.getByRole('button', { name: 'Make a site key' }))
  const request = last(requests)
  expect([request.method, request.url, JSON.parse(String(request.body))]).toEqual([
    'POST',
    '/api/reps/embed-keys',
    { label: 'bright-smile.example' },
  ])
  expect(request.headers.get(CSRF_HEADER)).toBe(SESSION.csrfToken)
  await answer(
    request,
    Response.json(
      {
        key: {
          id: 'b2c4e6f8-1a3c-4e5f-8a9b-0c1d2e3f4a5b',
          label: 'bright-smile.example',
          createdAt: USED.createdAt,
        },
        secret: SECRET,
      },
      { status: 201 },
    ),
  )
  expect(screen.getAllByRole('status')[0]?.textContent).toMatch(
    /^Key for bright-smile\.example made\. Copy it now .* shown only this once\.$/,
  )
  screen.getByText(SECRET)
  screen.getByRole('button', { name: 'Copy site key' })
  const names = within(screen.getByRole('list', { name: 'Your site keys' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent)
  expect(names).toEqual(['bright-smile.example', 'harbor-realty.example'])
  screen.getByText(/Not used yet/)
})

it('says under the field why a label was refused', async () => {
  render(<EmbedKeys />)
  await answer(pending(requests, '/api/reps/embed-keys'), Response.json({ keys: [] }))
  screen.getByText('No site keys yet.')
  fireEvent.click(screen.getByRole('button', { name: 'Make a site key' }))
  const message = 'Name the site in 1 to 100 characters, e.g. bright-smile.example.'
  await answer(last(requests), errorAnswer(400, 'bad_request', message, { fields: { label: message } }))
  expect(screen.getByLabelText(/^Site/).getAttribute('aria-invalid')).toBe('true')
  screen.getByText(message)
})

it('revokes a key only once the rep confirms, and says the site can no longer list their prospects', async () => {
  render(<EmbedKeys />)
  await answer(pending(requests, '/api/reps/embed-keys'), Response.json({ keys: [USED] }))
  fireEvent.click(screen.getByRole('button', { name: 'Revoke harbor-realty.example' }))
  const dialog = screen.getByRole('dialog', { name: 'Revoke the key for harbor-realty.example?' })
  const before = requests.length
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
  expect(requests).toHaveLength(before)

  fireEvent.click(screen.getByRole('button', { name: 'Revoke harbor-realty.example' }))
  fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }))
  const request = last(requests)
  expect([request.method, request.url]).toEqual(['DELETE', `/api/reps/embed-keys/${USED.id}`])
  await answer(request, new Response(null, { status: 204 }))
  screen.getByText(
    'The key for harbor-realty.example is revoked: that site can no longer list your prospects.',
  )
  expect(screen.queryByRole('list', { name: 'Your site keys' })).toBeNull()
})
