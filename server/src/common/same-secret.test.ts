import * as crypto from 'node:crypto'
import { beforeEach, expect, it, vi } from 'vitest'
import { isSameSecret, readBearerToken } from './same-secret.ts'

vi.mock('node:crypto', async (original) => {
  const actual = await original<typeof import('node:crypto')>()
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) }
})
const compare = vi.mocked(crypto.timingSafeEqual)
beforeEach(() => {
  compare.mockClear()
})

const SECRET = 'vapi-webhook-secret-0123456789'

it('matches only the exact secret', () => {
  expect(isSameSecret(SECRET, SECRET)).toBe(true)
  for (const given of [
    undefined,
    '',
    SECRET.slice(0, -1),
    `${SECRET}x`,
    SECRET.toUpperCase(),
    ` ${SECRET}`,
  ]) {
    expect(isSameSecret(given, SECRET), String(given)).toBe(false)
  }
  expect(isSameSecret('', '')).toBe(false)
})

it('compares in constant time: always timingSafeEqual on two 32-byte digests, whatever the lengths', () => {
  for (const given of [undefined, 'x', SECRET, 'y'.repeat(5000)]) isSameSecret(given, SECRET)
  expect(compare).toHaveBeenCalledTimes(4)
  for (const [a, b] of compare.mock.calls) {
    expect([(a as Buffer).byteLength, (b as Buffer).byteLength]).toEqual([32, 32])
  }
})

it('reads the token of a Bearer authorization only', () => {
  expect(readBearerToken(`Bearer ${SECRET}`)).toBe(SECRET)
  expect(readBearerToken(`bearer ${SECRET}`)).toBe(SECRET)
  for (const header of [undefined, '', SECRET, `Basic ${SECRET}`, 'Bearer ', `Bearer ${SECRET} extra`]) {
    expect(readBearerToken(header), String(header)).toBeUndefined()
  }
})
