import { describe, expect, it } from 'vitest'
import { VISIT_TOKEN_PATTERN } from '#core/engagement.ts'
import { createKeyedHash } from './keyed-hash.ts'
import { createVisitTokens } from './visit-token.ts'

const tokens = createVisitTokens(createKeyedHash('visit-token-test-secret-0123456789abcdef'))
const AT = new Date(Date.UTC(2030, 5, 1, 9, 15, 42))
const later = (ms: number) => new Date(AT.getTime() + ms)
const HOUR = 3600_000

describe('visit tokens', () => {
  it('are issued to the minute, so every answer of that minute (and every cache of it) carries the same one', async () => {
    const first = await tokens.issue('harbor-realty', AT)
    expect(first).toMatch(VISIT_TOKEN_PATTERN)
    expect(await tokens.issue('harbor-realty', later(10_000))).toBe(first)
    expect(await tokens.issue('harbor-realty', later(60_000))).not.toBe(first)
    expect(await tokens.verify('harbor-realty', first, later(HOUR))).toEqual(
      new Date(Date.UTC(2030, 5, 1, 9, 15)),
    )
  })

  it('hold for one prospect only, for a working day', async () => {
    const token = await tokens.issue('harbor-realty', AT)
    expect(await tokens.verify('bright-smile-dental', token, later(HOUR))).toBeNull()
    expect(await tokens.verify('harbor-realty', token, later(23 * HOUR))).not.toBeNull()
    expect(await tokens.verify('harbor-realty', token, later(24 * HOUR + 60_000))).toBeNull()
  })

  it('take a clock a little ahead of ours, not a token from the future', async () => {
    const token = await tokens.issue('harbor-realty', later(90_000))
    expect(await tokens.verify('harbor-realty', token, AT)).not.toBeNull()
    expect(
      await tokens.verify('harbor-realty', await tokens.issue('harbor-realty', later(HOUR)), AT),
    ).toBeNull()
  })

  it('cannot be made without the secret: another key, a moved date or a changed digit is refused', async () => {
    const token = await tokens.issue('harbor-realty', AT)
    const other = createVisitTokens(createKeyedHash('another-secret-entirely-0123456789abcdef'))
    expect(
      await tokens.verify('harbor-realty', await other.issue('harbor-realty', AT), later(HOUR)),
    ).toBeNull()
    const [stamp = '', signature = ''] = token.split('.')
    const moved = `${(Number.parseInt(stamp, 36) - 60).toString(36)}.${signature}`
    expect(await tokens.verify('harbor-realty', moved, later(HOUR))).toBeNull()
    const flipped = `${stamp}.${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`
    expect(await tokens.verify('harbor-realty', flipped, later(HOUR))).toBeNull()
    for (const junk of ['', 'x', `${stamp}.`, `${stamp}.${signature}0`, `-1.${signature}`]) {
      expect(await tokens.verify('harbor-realty', junk, later(HOUR)), junk).toBeNull()
    }
  })
})
