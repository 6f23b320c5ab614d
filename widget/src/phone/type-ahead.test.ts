import { expect, it } from 'vitest'
import { createTypeAhead, TYPE_AHEAD_RESET_MS } from './type-ahead.ts'

const LABELS = [
  'United States',
  'United Kingdom',
  'Germany',
  'France',
  'Italy',
  'Spain',
  'Australia',
  'Japan',
]

it('searches the characters typed together, and starts over after 1000 ms', () => {
  let now = 0
  const typeAhead = createTypeAhead(() => now)
  expect(typeAhead.search('u', LABELS, 0)).toBe(1) // one 'u' moves on: United Kingdom
  now += 300
  expect(typeAhead.search('n', LABELS, 1)).toBe(1) // 'un' still matches where we are
  now += 300
  expect(typeAhead.search('i', LABELS, 1)).toBe(1)
  expect(typeAhead.typing()).toBe(true)
  now += TYPE_AHEAD_RESET_MS + 1
  expect(typeAhead.typing()).toBe(false)
  expect(typeAhead.search('s', LABELS, 1)).toBe(5) // a fresh search: Spain
})

it('cycles through the labels that start with a repeated character', () => {
  let now = 0
  const typeAhead = createTypeAhead(() => now)
  expect(typeAhead.search('u', LABELS, 7)).toBe(0)
  now += 100
  expect(typeAhead.search('u', LABELS, 0)).toBe(1)
  now += 100
  expect(typeAhead.search('u', LABELS, 1)).toBe(0)
})

it('takes a space as part of a search under way', () => {
  const now = 0
  const typeAhead = createTypeAhead(() => now)
  for (const char of 'united') typeAhead.search(char, LABELS, 0)
  expect(typeAhead.search(' ', LABELS, 0)).toBe(0)
  expect(typeAhead.search('k', LABELS, 0)).toBe(1)
})

it('says when nothing matches', () => {
  expect(createTypeAhead(() => 0).search('z', LABELS, 0)).toBe(-1)
})
