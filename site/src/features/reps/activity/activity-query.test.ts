import { describe, expect, it } from 'vitest'
import { DEFAULT_ACTIVITY_QUERY, formatActivityQuery, parseActivityQuery } from './activity-query.ts'

// The Activity page's address holds its filters and the funnel's period, so a reload, Back and a
// shared link show the same page.
describe('the Activity address', () => {
  it('is plain for the page as it opens, and carries only what differs', () => {
    expect(formatActivityQuery(DEFAULT_ACTIVITY_QUERY)).toBe('')
    expect(formatActivityQuery({ ...DEFAULT_ACTIVITY_QUERY, owner: 'all', period: 'last-week' })).toBe(
      '?owner=all&period=last-week',
    )
  })

  it('round-trips a custom period with the list’s filters', () => {
    const query = {
      ...DEFAULT_ACTIVITY_QUERY,
      q: 'dental',
      owner: 'all',
      period: 'custom' as const,
      from: '2026-11-02',
      to: '2026-11-15',
    }
    const search = formatActivityQuery(query)
    expect(search).toBe('?q=dental&owner=all&period=custom&from=2026-11-02&to=2026-11-15')
    expect(parseActivityQuery(search)).toEqual(query)
  })

  it('reads a period it does not know as the default, and days only with a custom period', () => {
    expect(parseActivityQuery('?period=year&from=2026-11-02')).toMatchObject({
      period: '30-days',
      from: '',
      to: '',
    })
    // A custom period's days are kept as written, for the funnel to say what is wrong with them.
    expect(parseActivityQuery('?period=custom&from=2026-13-40')).toMatchObject({
      period: 'custom',
      from: '2026-13-40',
      to: '',
    })
  })
})
