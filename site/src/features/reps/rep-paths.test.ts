import { describe, expect, it } from 'vitest'
import { getSafeNext, LIST_PATH } from './rep-paths.ts'

describe('getSafeNext', () => {
  it.each([
    ['/_/prospects/acme/edit', '/_/prospects/acme/edit'],
    ['/_/prospects?q=dental&page=2', '/_/prospects?q=dental&page=2'],
    [null, LIST_PATH],
    ['', LIST_PATH],
    ['/', LIST_PATH],
    ['/bright-smile-dental', LIST_PATH],
    ['https://evil.example/_/prospects', LIST_PATH],
    ['//evil.example/_/x', LIST_PATH],
    ['/_/../..//evil.example', LIST_PATH],
    ['/_/\\evil.example', LIST_PATH],
    ['/_//evil.example', LIST_PATH],
    ['/_/sign-in?next=/_/prospects', LIST_PATH],
  ])('sends %s to %s', (next, expected) => {
    expect(getSafeNext(next)).toBe(expected)
  })
})
