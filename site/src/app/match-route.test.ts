import { describe, expect, it } from 'vitest'
import { matchRoute } from './match-route.ts'

describe('matchRoute', () => {
  it.each([
    ['/', { page: 'landing' }],
    ['/bright-smile-dental', { page: 'prospect', slug: 'bright-smile-dental' }],
    ['/privacy', { page: 'privacy' }],
    ['/terms/', { page: 'terms' }],
    ['/_/onboarding', { page: 'onboarding' }],
    ['/_/', { page: 'reps' }],
    ['/_/sign-in', { page: 'reps' }],
    ['/_/set-password', { page: 'reps' }],
    ['/_/setup', { page: 'reps' }],
    ['/_/snippets', { page: 'reps' }],
    ['/_/snippets/', { page: 'reps' }],
    ['/_/snippets/extra', { page: 'not-found' }],
    ['/_/team', { page: 'reps' }],
    ['/_/profile', { page: 'reps' }],
    ['/_/team/extra', { page: 'not-found' }],
    ['/_/prospects', { page: 'reps' }],
    ['/_/prospects/new', { page: 'reps' }],
    ['/_/prospects/import', { page: 'reps' }],
    ['/_/prospects/bright-smile-dental', { page: 'reps' }],
    ['/_/prospects/bright-smile-dental/edit/', { page: 'reps' }],
    ['/_/prospects/bright-smile-dental/history', { page: 'not-found' }],
    ['/_/prospects/a/b/edit', { page: 'not-found' }],
    // Recently deleted prospects, linked from the prospects list: once a 404 when this list was kept twice.
    ['/_/deleted', { page: 'reps' }],
    ['/_/deleted/3f2b8c1e-0000-4000-8000-000000000000', { page: 'reps' }],
    ['/_/deleted/a/b', { page: 'not-found' }],
    ['/_', { page: 'prospect', slug: '_' }], // not a page of ours: the prospect page refuses the slug
  ])('maps %s', (pathname, route) => {
    expect(matchRoute(pathname)).toEqual(route)
  })
})
