import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FunnelResponse } from '#core/rep-api.ts'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import { answer, pending, SESSION } from '../testing/rep-fixtures.ts'
import type { ActivityQuery } from './activity-endpoints.ts'
import { DEFAULT_ACTIVITY_QUERY } from './activity-query.ts'
import { FunnelSection, formatShare } from './funnel-section.tsx'

let requests: ReturnType<typeof installFakeFetch>

beforeEach(() => {
  requests = installFakeFetch()
  keepSession(SESSION)
  // Only the clock's date: the custom period's "today" is Monday 4 January 2027 (UTC).
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2027-01-04T09:00:00Z'))
})
afterEach(() => {
  cleanup()
  resetSession()
  vi.useRealTimers()
})

/** The section with the page's part: its changes are the query it is given next (the address, on the page). */
function Funnel({ initial = DEFAULT_ACTIVITY_QUERY }: { initial?: ActivityQuery }) {
  const [query, setQuery] = useState(initial)
  return <FunnelSection query={query} onChange={(change) => setQuery((q) => ({ ...q, ...change }))} />
}

const FUNNEL = /^\/api\/reps\/activity\/funnel\?/
const weeks = [
  '2026-11-16',
  '2026-11-23',
  '2026-11-30',
  '2026-12-07',
  '2026-12-14',
  '2026-12-21',
  '2026-12-28',
  '2027-01-04',
]
const funnelAnswer = (total: number[], period: FunnelResponse['period'] = '30-days'): FunnelResponse => ({
  period,
  since: '2026-12-05T09:00:00.000Z',
  until: '2027-01-04T09:00:00.000Z',
  total,
  weeks: weeks.map((week, i) => ({ week, counts: i === 7 ? total : [0, 0, 0, 0, 0] })),
  byRep: [
    { key: 'a', label: 'ann@example.com', counts: [2, 2, 2, 1, 1] },
    { key: 'b', label: 'bo@example.com', counts: [2, 1, 1, 1, 0] },
  ],
  byKind: [{ key: 'general', label: 'General', counts: total }],
  bySite: [{ key: 'https://partner.example', label: 'partner.example', counts: [2, 2, 2, 1, 1] }],
})

describe('FunnelSection', () => {
  it('asks with the list’s search and owner, not its stage or hot, and shows each step with its share', async () => {
    render(<Funnel initial={{ ...DEFAULT_ACTIVITY_QUERY, q: 'acme', stage: 'booked', hot: true }} />)
    const request = pending(requests, FUNNEL)
    expect(request.url).toBe('/api/reps/activity/funnel?q=acme&owner=me&period=30-days')
    await answer(request, Response.json(funnelAnswer([4, 3, 3, 2, 1])))
    const [funnel] = screen.getAllByRole('table') as HTMLElement[]
    const rows = within(funnel as HTMLElement)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent)
    expect(rows).toEqual([
      'Sent4',
      'Opened375 %',
      'Tried the demo3100 %',
      'Asked for a call267 %',
      'Booked150 %',
    ])
    expect(within(funnel as HTMLElement).getByText('Funnel, last 30 days')).toBeTruthy()
  })

  it('keeps the tables for screen readers and shows them on "Show as table", the charts hidden from them', async () => {
    const { container } = render(<Funnel />)
    await answer(pending(requests, FUNNEL), Response.json(funnelAnswer([4, 3, 3, 2, 1])))
    const tables = screen.getAllByRole('table')
    expect(tables).toHaveLength(3)
    expect(tables[0]?.parentElement?.className).toBe('sr-only')
    expect(container.querySelector('[aria-hidden="true"]')?.textContent).toContain('Asked for a call')
    const toggle = screen.getByRole('button', { name: 'Show as table' })
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    expect(tables[0]?.parentElement?.className).not.toContain('sr-only')
  })

  it('splits by rep, by kind of business and by site', async () => {
    render(<Funnel />)
    await answer(pending(requests, FUNNEL), Response.json(funnelAnswer([4, 3, 3, 2, 1])))
    const split = () => screen.getAllByRole('table')[2] as HTMLElement
    expect(
      within(split())
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'RepSentOpenedTried the demoAsked for a callBooked',
      'ann@example.com22211',
      'bo@example.com21110',
    ])
    fireEvent.change(screen.getByLabelText('Split'), { target: { value: 'bySite' } })
    expect(within(split()).getAllByRole('row')[1]?.textContent).toBe('partner.example22211')
  })

  it('asks again for another period, and says so in words when nothing happened in it', async () => {
    render(<Funnel />)
    await answer(pending(requests, FUNNEL), Response.json(funnelAnswer([4, 3, 3, 2, 1])))
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'last-week' } })
    const request = pending(requests, FUNNEL)
    expect(request.url).toBe('/api/reps/activity/funnel?owner=me&period=last-week')
    await answer(request, Response.json(funnelAnswer([0, 0, 0, 0, 0], 'last-week')))
    expect(screen.getByText('No prospect was sent, opened or moved on in this period.')).toBeTruthy()
  })

  it('opens a custom period on the dates shown, says what is wrong by the field, and asks only for a good one', async () => {
    render(<Funnel />)
    await answer(pending(requests, FUNNEL), Response.json(funnelAnswer([4, 3, 3, 2, 1])))
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'custom' } })
    const from = screen.getByLabelText('From') as HTMLInputElement
    const to = screen.getByLabelText('To') as HTMLInputElement
    // The period on screen, its last day the one before `until`.
    expect([from.value, to.value]).toEqual(['2026-12-05', '2027-01-04'])
    expect(from.type).toBe('date')
    expect(to.max).toBe('2027-01-04')
    const made = requests.length
    fireEvent.change(from, { target: { value: '2027-01-03' } })
    fireEvent.change(to, { target: { value: '2027-01-01' } })
    fireEvent.click(screen.getByRole('button', { name: 'Show this period' }))
    expect(screen.getByRole('alert').textContent).toBe('The last day is before the first day.')
    expect(to.getAttribute('aria-invalid')).toBe('true')
    expect(to.getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id)
    expect(from.getAttribute('aria-invalid')).toBeNull()
    expect(document.activeElement).toBe(to)
    fireEvent.change(to, { target: { value: '2027-01-05' } })
    fireEvent.click(screen.getByRole('button', { name: 'Show this period' }))
    expect(screen.getByRole('alert').textContent).toBe(
      'The last day is in the future: choose today or earlier.',
    )
    fireEvent.change(from, { target: { value: '2025-12-01' } })
    fireEvent.change(to, { target: { value: '2027-01-03' } })
    fireEvent.click(screen.getByRole('button', { name: 'Show this period' }))
    expect(screen.getByRole('alert').textContent).toBe(
      'The period is 399 days long: choose at most a year (366 days).',
    )
    expect(requests).toHaveLength(made)
    fireEvent.change(from, { target: { value: '2026-12-28' } })
    fireEvent.click(screen.getByRole('button', { name: 'Show this period' }))
    expect(screen.getByRole('alert').textContent).toBe('')
    const request = pending(requests, FUNNEL)
    expect(request.url).toBe('/api/reps/activity/funnel?owner=me&period=custom&from=2026-12-28&to=2027-01-03')
    await answer(
      request,
      Response.json({
        ...funnelAnswer([2, 2, 1, 1, 0], 'custom'),
        since: '2026-12-28T00:00:00.000Z',
        until: '2027-01-04T00:00:00.000Z',
      }),
    )
    expect(screen.getByText('Funnel, Dec 28, 2026 to Jan 3, 2027')).toBeTruthy()
    expect((screen.getByLabelText('Period') as HTMLSelectElement).value).toBe('custom')
    // Back to a preset closes the dates.
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'this-week' } })
    expect(screen.queryByLabelText('From')).toBeNull()
    expect(pending(requests, FUNNEL).url).toBe('/api/reps/activity/funnel?owner=me&period=this-week')
  })

  it('says what is wrong with a link’s custom days as it opens, and asks for nothing', async () => {
    render(
      <Funnel
        initial={{ ...DEFAULT_ACTIVITY_QUERY, period: 'custom', from: '2027-01-02', to: '2027-02-01' }}
      />,
    )
    await act(async () => {})
    expect(requests.filter((r) => FUNNEL.test(r.url))).toEqual([])
    expect(screen.getByRole('alert').textContent).toBe(
      'The last day is in the future: choose today or earlier.',
    )
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2027-02-01')
    expect(screen.queryByText('Loading the funnel…')).toBeNull()
  })

  it('writes no share of nothing', () => {
    expect(formatShare(0, 0)).toBe('–')
    expect(formatShare(1, 3)).toBe('33 %')
  })
})
