import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FunnelResponse } from '#core/rep-api.ts'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import { answer, pending, SESSION } from '../testing/rep-fixtures.ts'
import { DEFAULT_ACTIVITY_QUERY } from './activity-query.ts'
import { FunnelSection, formatShare } from './funnel-section.tsx'

let requests: ReturnType<typeof installFakeFetch>

beforeEach(() => {
  requests = installFakeFetch()
  keepSession(SESSION)
})
afterEach(() => {
  cleanup()
  resetSession()
})

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
    render(<FunnelSection query={{ ...DEFAULT_ACTIVITY_QUERY, q: 'acme', stage: 'booked', hot: true }} />)
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
    const { container } = render(<FunnelSection query={DEFAULT_ACTIVITY_QUERY} />)
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
    render(<FunnelSection query={DEFAULT_ACTIVITY_QUERY} />)
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
    render(<FunnelSection query={DEFAULT_ACTIVITY_QUERY} />)
    await answer(pending(requests, FUNNEL), Response.json(funnelAnswer([4, 3, 3, 2, 1])))
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'last-week' } })
    const request = pending(requests, FUNNEL)
    expect(request.url).toBe('/api/reps/activity/funnel?owner=me&period=last-week')
    await answer(request, Response.json(funnelAnswer([0, 0, 0, 0, 0], 'last-week')))
    expect(screen.getByText('No prospect was sent, opened or moved on in this period.')).toBeTruthy()
  })

  it('writes no share of nothing', () => {
    expect(formatShare(0, 0)).toBe('–')
    expect(formatShare(1, 3)).toBe('33 %')
  })
})
