import { describe, expect, it } from 'vitest'
import { DEFAULT_QUERY, formatListQuery, parseListQuery } from './list-query.ts'

describe('the list query in the address', () => {
  it('reads every part, and the defaults for what is missing or unreadable', () => {
    expect(parseListQuery('?q=dental&sort=updated&dir=desc&owner=me&page=3')).toEqual({
      q: 'dental',
      sort: 'updated',
      dir: 'desc',
      owner: 'me',
      page: 3,
    })
    expect(parseListQuery('')).toEqual(DEFAULT_QUERY)
    expect(parseListQuery('?sort=price&dir=up&page=-2')).toEqual(DEFAULT_QUERY)
    expect(parseListQuery('?page=1.5').page).toBe(1)
  })

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(formatListQuery(DEFAULT_QUERY)).toBe('')
    const query = { q: 'a&b', sort: 'owner', dir: 'asc', owner: 'me', page: 2 } as const
    expect(formatListQuery(query)).toBe('?q=a%26b&sort=owner&dir=asc&page=2')
    expect(parseListQuery(formatListQuery(query))).toEqual(query)
    // The list opens on the rep's own; everyone's is in the address.
    expect(DEFAULT_QUERY.owner).toBe('me')
    expect(formatListQuery({ ...DEFAULT_QUERY, owner: 'all' })).toBe('?owner=all')
    expect(parseListQuery('?owner=all').owner).toBe('all')
  })
})
