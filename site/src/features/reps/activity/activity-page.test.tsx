import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ACTIVITY_REFRESH_MS, HOT_RULE_TEXT } from '#core/engagement.ts'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import { ANN, answer, BOB, pending, SESSION } from '../testing/rep-fixtures.ts'
import { ActivityPage } from './activity-page.tsx'
import { activityAnswer } from './activity-test-answers.ts'

let requests: ReturnType<typeof installFakeFetch>

beforeEach(() => {
  requests = installFakeFetch()
  keepSession(SESSION)
  window.history.replaceState(null, '', '/_/activity')
})
afterEach(() => {
  cleanup()
  resetSession()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  setVisibility('visible')
  window.history.replaceState(null, '', '/')
})

const ACTIVITY = /^\/api\/reps\/activity\?/
const activityRequests = () => requests.filter((r) => ACTIVITY.test(r.url)).map((r) => r.url)
const reps = {
  reps: [
    { ...ANN, disabled: false },
    { ...BOB, disabled: false },
  ],
}

async function showActivity() {
  render(<ActivityPage />)
  await answer(pending(requests, '/api/reps/reps'), Response.json(reps))
  await answer(pending(requests, ACTIVITY), Response.json(activityAnswer()))
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'))
  })
}

describe('ActivityPage', () => {
  it('shows each prospect with owner, stage, hot, latest activity, visits and talk time', async () => {
    window.history.replaceState(null, '', '/_/activity?owner=all')
    await showActivity()
    expect(activityRequests()).toEqual(['/api/reps/activity?page=1'])
    const rows = screen.getAllByRole('row')
    expect(rows).toHaveLength(3)
    const zed = rows[1] as HTMLElement
    expect(within(zed).getByRole('link', { name: 'Zed Plumbing' }).getAttribute('href')).toBe(
      '/_/prospects/zed-plumbing',
    )
    const cells = within(zed)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    expect(cells.slice(2)).toEqual([
      'ann@example.com',
      'Booked(step 5 of 5)▲Hot',
      expect.stringMatching(/^3 min ago/),
      '3',
      '3 min 12 s',
    ])
    const time = zed.querySelector('time')
    expect(time?.getAttribute('datetime')).toBe('2026-03-02T14:02:00.000Z')
    expect(time?.getAttribute('title')).toMatch(/2026/)
    const harbor = within(rows[2] as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    expect(harbor.slice(2)).toEqual([
      '—',
      'Sent(step 1 of 5)',
      expect.stringMatching(/^Nothing yet/),
      '0',
      '0 s',
    ])
    // The rule in words under the list, so "Hot" is never a mystery.
    expect(screen.getByText('About “Hot”.').parentElement?.textContent).toContain(HOT_RULE_TEXT.slice(6, 40))
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/reps/activity.csv',
    )
    screen.getByText('Updated just now.')
  })

  it('keeps the filters in the address and asks with them; the export follows', async () => {
    await showActivity()
    fireEvent.change(screen.getByRole('combobox', { name: 'Stage' }), { target: { value: 'booked' } })
    expect(window.location.search).toBe('?stage=booked')
    expect(activityRequests().at(-1)).toBe('/api/reps/activity?owner=me&stage=booked&page=1')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hot only' }))
    expect(window.location.search).toBe('?stage=booked&hot=1')
    expect(activityRequests().at(-1)).toBe('/api/reps/activity?owner=me&stage=booked&hot=1&page=1')
    fireEvent.change(screen.getByRole('combobox', { name: 'Owner' }), { target: { value: BOB.id } })
    expect(activityRequests().at(-1)).toBe(`/api/reps/activity?owner=${BOB.id}&stage=booked&hot=1&page=1`)
    // The rows of the previous filters stay, dimmed, until the answer comes.
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true')
    await answer(pending(requests, ACTIVITY), Response.json(activityAnswer(120)))
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `/api/reps/activity.csv?owner=${BOB.id}&stage=booked&hot=1`,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(window.location.search).toBe(`?owner=${BOB.id}&stage=booked&hot=1&page=2`)
    expect(activityRequests().at(-1)).toBe(`/api/reps/activity?owner=${BOB.id}&stage=booked&hot=1&page=2`)
  })

  it('opens on the rep’s own prospects, shows everyone’s in one click, and their own again with a second', async () => {
    await showActivity()
    expect(activityRequests()).toEqual(['/api/reps/activity?owner=me&page=1'])
    const mine = screen.getByRole('button', { name: 'Mine only' })
    expect(mine.getAttribute('aria-pressed')).toBe('true')
    expect((screen.getByRole('combobox', { name: 'Owner' }) as HTMLSelectElement).value).toBe('me')
    fireEvent.click(mine)
    expect(window.location.search).toBe('?owner=all')
    expect(activityRequests().at(-1)).toBe('/api/reps/activity?page=1')
    expect(mine.getAttribute('aria-pressed')).toBe('false')
    expect((screen.getByRole('combobox', { name: 'Owner' }) as HTMLSelectElement).value).toBe('all')
    fireEvent.click(mine)
    expect(window.location.search).toBe('')
  })

  it('says so when the rep owns no prospects, with everyone’s one click away', async () => {
    render(<ActivityPage />)
    await answer(pending(requests, ACTIVITY), Response.json({ ...activityAnswer(0), prospects: [] }))
    screen.getByText(/You do not own any prospects yet\./)
    fireEvent.click(screen.getByRole('button', { name: "Show everyone's" }))
    expect(window.location.search).toBe('?owner=all')
  })

  it('starts from the address, as after a reload or from a shared link', async () => {
    window.history.replaceState(null, '', '/_/activity?q=acme&owner=me&stage=opened&hot=1&page=2')
    render(<ActivityPage />)
    expect(activityRequests()).toEqual(['/api/reps/activity?q=acme&owner=me&stage=opened&hot=1&page=2'])
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('acme')
    expect((screen.getByRole('combobox', { name: 'Stage' }) as HTMLSelectElement).value).toBe('opened')
    expect((screen.getByRole('checkbox', { name: 'Hot only' }) as HTMLInputElement).checked).toBe(true)
  })

  it(`asks again every ${ACTIVITY_REFRESH_MS / 1000} s while visible, not while hidden, and at once when shown`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    await showActivity()
    expect(activityRequests()).toHaveLength(1)
    await act(async () => vi.advanceTimersByTime(ACTIVITY_REFRESH_MS - 1))
    expect(activityRequests()).toHaveLength(1)
    await act(async () => vi.advanceTimersByTime(1))
    expect(activityRequests()).toHaveLength(2)
    // A refresh is quiet: the rows stay as they are, not busy, while it is on its way.
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('false')
    await answer(pending(requests, ACTIVITY), Response.json(activityAnswer()))

    setVisibility('hidden')
    await act(async () => vi.advanceTimersByTime(ACTIVITY_REFRESH_MS * 4))
    expect(activityRequests()).toHaveLength(2)
    setVisibility('visible')
    expect(activityRequests()).toHaveLength(3)
    await answer(pending(requests, ACTIVITY), Response.json(activityAnswer()))
    await act(async () => vi.advanceTimersByTime(ACTIVITY_REFRESH_MS))
    expect(activityRequests()).toHaveLength(4)
  })

  it('keeps the rows when a refresh fails and says since when they are shown', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    await showActivity()
    await act(async () => vi.advanceTimersByTime(ACTIVITY_REFRESH_MS))
    await answer(
      pending(requests, ACTIVITY),
      Response.json({ error: { code: 'unavailable', message: 'Try later.' } }, { status: 503 }),
    )
    expect(screen.getAllByRole('row')).toHaveLength(3)
    screen.getByText('Last updated just now. Try later.')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("shows the server's message when the list fails, and asks again on Try again", async () => {
    render(<ActivityPage />)
    const body = { error: { code: 'bad_request', message: 'Search for at most 100 characters.' } }
    await answer(pending(requests, ACTIVITY), Response.json(body, { status: 400 }))
    expect(screen.getByRole('alert').textContent).toBe('Search for at most 100 characters.')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(activityRequests()).toHaveLength(2)
  })
})
