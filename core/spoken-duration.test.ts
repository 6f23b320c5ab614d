import { expect, it } from 'vitest'
import { spokenDuration } from './spoken-duration.ts'

it.each([
  [0, '0 s'],
  [1, '1 s'],
  [45, '45 s'],
  [59, '59 s'],
  [60, '1 min'],
  [95, '1 min 35 s'],
  [120, '2 min'],
  [3599, '59 min 59 s'],
  [3600, '1 h'],
  [3659, '1 h'],
  [3720, '1 h 2 min'],
  [3779, '1 h 2 min'],
  [86_400, '24 h'],
])('says %i seconds as "%s"', (seconds, words) => {
  expect(spokenDuration(seconds)).toBe(words)
})

it('rounds a fraction to whole seconds, and never crosses into minutes by truncating', () => {
  expect(spokenDuration(59.4)).toBe('59 s')
  expect(spokenDuration(59.6)).toBe('1 min')
  expect(spokenDuration(94.5)).toBe('1 min 35 s')
})

it('says a missing, negative or unreadable length as 0 s rather than something false', () => {
  expect(spokenDuration(null)).toBe('0 s')
  expect(spokenDuration(undefined)).toBe('0 s')
  expect(spokenDuration(-5)).toBe('0 s')
  expect(spokenDuration(Number.NaN)).toBe('0 s')
})
