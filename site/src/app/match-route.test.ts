import { describe, expect, it } from 'vitest'
import { matchRoute } from './match-route.ts'

describe('matchRoute', () => {
  it.each([
    ['/', { page: 'landing' }],
    ['/bright-smile-dental', { page: 'prospect', slug: 'bright-smile-dental' }],
    ['/_/onboarding', { page: 'onboarding' }],
    ['/_/snippets', { page: 'snippets' }],
    ['/_/snippets/', { page: 'snippets' }],
    ['/_/snippets/extra', { page: 'not-found' }],
    ['/_', { page: 'prospect', slug: '_' }], // not a page of ours: the prospect page refuses the slug
  ])('maps %s', (pathname, route) => {
    expect(matchRoute(pathname)).toEqual(route)
  })
})
