import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CSRF_HEADER, type RepProfileResponse } from '#core/rep-api.ts'
import { installFakeFetch, type PendingRequest } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import { answer, pending, SESSION } from '../testing/rep-fixtures.ts'
import { ProfilePage } from './profile-page.tsx'

const EMPTY: RepProfileResponse = {
  profile: { name: '', schedulingUrl: '', photo: null },
  schedulerHosts: ['calendly.com'],
}

let requests: PendingRequest[]
beforeEach(() => {
  requests = installFakeFetch()
  keepSession(SESSION)
  window.history.replaceState(null, '', '/_/profile')
})
afterEach(() => {
  cleanup()
  resetSession()
  vi.unstubAllGlobals()
})

const writes = () => requests.filter((request) => request.method !== 'GET')
async function showProfile(profile = EMPTY) {
  render(<ProfilePage />)
  await answer(pending(requests, '/api/reps/profile'), Response.json(profile))
}
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } })

describe('ProfilePage', () => {
  it('saves the name and Calendly link, with the CSRF token', async () => {
    await showProfile()
    type('Your name', 'Sam Rivera')
    type('Your scheduling link', 'https://calendly.com/sam-rivera/30min')
    expect(screen.getByText(/Book a call with Sam/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    const put = pending(requests, '/api/reps/profile')
    expect(put.method).toBe('PUT')
    expect(put.headers.get(CSRF_HEADER)).toBe(SESSION.csrfToken)
    expect(JSON.parse(String(put.body))).toEqual({
      name: 'Sam Rivera',
      schedulingUrl: 'https://calendly.com/sam-rivera/30min',
    })
    const saved = { name: 'Sam Rivera', schedulingUrl: 'https://calendly.com/sam-rivera/30min', photo: null }
    await answer(put, Response.json({ ...EMPTY, profile: saved }))
    expect(screen.getByText('Saved. Your prospects now book a call in your calendar.')).toBeTruthy()
  })

  it('says in words what is wrong with a link, and sends nothing', async () => {
    await showProfile()
    type('Your scheduling link', 'https://evil.example/sam')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(
      screen.getByText(
        'The scheduling link must be a page on calendly.com, like https://calendly.com/your-name/30min.',
      ),
    ).toBeTruthy()
    expect(writes()).toEqual([])
  })

  it('refuses a photo over 5 MB or of another type before sending it', async () => {
    await showProfile()
    const input = document.querySelector('input[type="file"]') as HTMLInputElement
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'me.jpg', { type: 'image/jpeg' })
    fireEvent.change(input, { target: { files: [big] } })
    expect(screen.getByRole('alert').textContent).toBe(
      'This photo is larger than 5 MB. Choose a smaller one.',
    )
    const svg = new File(['<svg/>'], 'me.svg', { type: 'image/svg+xml' })
    fireEvent.change(input, { target: { files: [svg] } })
    expect(screen.getByRole('alert').textContent).toBe('Choose a photo saved as PNG, JPEG, WebP or GIF.')
    expect(writes()).toEqual([])
  })
})
