import { describe, expect, it } from 'vitest'
import { getSafeNext, REP_HOME_PATH } from './rep-paths.ts'

describe('getSafeNext', () => {
  it.each([
    ['/_/prospects/acme/edit', '/_/prospects/acme/edit'],
    ['/_/prospects?q=dental&page=2', '/_/prospects?q=dental&page=2'],
    [null, REP_HOME_PATH],
    ['', REP_HOME_PATH],
    ['/', REP_HOME_PATH],
    ['/bright-smile-dental', REP_HOME_PATH],
    ['https://evil.example/_/prospects', REP_HOME_PATH],
    ['//evil.example/_/x', REP_HOME_PATH],
    ['/_/../..//evil.example', REP_HOME_PATH],
    ['/_/\\evil.example', REP_HOME_PATH],
    ['/_//evil.example', REP_HOME_PATH],
    ['/_/sign-in?next=/_/prospects', REP_HOME_PATH],
  ])('sends %s to %s', (next, expected) => {
    expect(getSafeNext(next)).toBe(expected)
  })
})
