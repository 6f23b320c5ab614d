import { expect, it } from 'vitest'
import { isValidSlug } from './prospect.ts'

it('accepts lowercase letters, digits and dashes, 1 to 64 characters', () => {
  for (const slug of ['visitor', 'bright-smile-dental', 'a', '7', 'x'.repeat(64)]) {
    expect(isValidSlug(slug), slug).toBe(true)
  }
  for (const slug of ['', 'Visitor', 'a b', 'a_b', 'ü', '../etc', 'x'.repeat(65), 'a/b']) {
    expect(isValidSlug(slug), slug).toBe(false)
  }
})
