import { describe, expect, it } from 'vitest'
import { matchRoute } from '../../app/match-route.ts'
import { matchRepRoute, REP_PAGES } from './rep-route.ts'

describe('matchRepRoute', () => {
  it.each([
    ['/_/', '', { page: 'redirect', to: '/_/activity' }],
    ['/_/sign-in', '', { page: 'sign-in' }],
    ['/_/set-password', '', { page: 'set-password' }],
    ['/_/setup', '', { page: 'setup' }],
    ['/_/prospects/', '', { page: 'list' }],
    ['/_/activity', '', { page: 'activity' }],
    ['/_/team', '', { page: 'team' }],
    ['/_/prospects/new', '', { page: 'new' }],
    ['/_/prospects/import', '', { page: 'import' }],
    ['/_/prospects/acme', '', { page: 'detail', slug: 'acme' }],
    ['/_/prospects/acme/edit', '', { page: 'edit', slug: 'acme' }],
    ['/_/profile', '', { page: 'profile' }],
    ['/_/deleted', '', { page: 'deleted' }],
    ['/_/deleted/42', '', { page: 'deleted-prospect', id: '42' }],
    ['/_/snippets', '', { page: 'redirect', to: '/_/prospects' }],
    ['/_/snippets', '?slug=acme', { page: 'redirect', to: '/_/prospects/acme' }],
  ])('maps %s%s', (pathname, search, route) => {
    expect(matchRepRoute(pathname, search)).toEqual(route)
    // Every one of them is a page the site (and the server, which shares matchRoute) serves.
    expect(matchRoute(pathname)).toEqual({ page: 'reps' })
  })

  it.each(['/_/prospects/%E0%A4%A', '/_/nothing-here', '/_/prospects/acme/more'])(
    'has no page at %s, and neither has the site (the server answers 404)',
    (pathname) => {
      expect(matchRepRoute(pathname, '')).toEqual({ page: 'not-found' })
      expect(matchRoute(pathname)).toEqual({ page: 'not-found' })
    },
  )
})

describe('REP_PAGES', () => {
  const known = { slug: 'acme', deletedId: '8f14e45f-ceea-4167-a5a3-0f7bc7c0b1f2' }

  it.each(REP_PAGES.filter((page) => page.example !== null))(
    'reads its own example as itself, not as an earlier page (%#)',
    (page) => {
      const address = new URL(page.example?.(known) ?? '', 'https://demo.example')
      const path = address.pathname.replace(/\/+$/, '')
      const own = page.read(path, address.search)
      expect(own).not.toBeNull()
      expect(matchRepRoute(address.pathname, address.search)).toEqual(own)
    },
  )
})
