import { describe, expect, it } from 'vitest'
import { VISIT_ID_PATTERN, VISIT_TOKEN_PATTERN } from '#core/engagement.ts'
import { createKeyedHash } from './keyed-hash.ts'
import { createVisitId, createVisitTokens } from './visit-token.ts'

const tokens = createVisitTokens(createKeyedHash('visit-token-test-secret-0123456789abcdef'))
const AT = new Date(Date.UTC(2030, 5, 1, 9, 15, 42))
const later = (ms: number) => new Date(AT.getTime() + ms)
const HOUR = 3600_000
const VISIT = 'AAAAAAAAAAAAAAAAAAAAAA'
const OTHER_VISIT = 'BBBBBBBBBBBBBBBBBBBBBB'

describe('visit tokens', () => {
  it('name one prospect and one visit, for a working day', async () => {
    const token = await tokens.issue('harbor-realty', VISIT, AT)
    expect(token).toMatch(VISIT_TOKEN_PATTERN)
    expect(await tokens.verify('harbor-realty', VISIT, token, later(HOUR))).toEqual(
      new Date(Date.UTC(2030, 5, 1, 9, 15, 42)),
    )
    expect(await tokens.verify('bright-smile-dental', VISIT, token, later(HOUR))).toBeNull()
    expect(await tokens.verify('harbor-realty', OTHER_VISIT, token, later(HOUR))).toBeNull()
    expect(await tokens.verify('harbor-realty', VISIT, token, later(23 * HOUR))).not.toBeNull()
    expect(await tokens.verify('harbor-realty', VISIT, token, later(24 * HOUR + 1000))).toBeNull()
  })

  it('take a clock a little ahead of ours, not a token from the future', async () => {
    const token = await tokens.issue('harbor-realty', VISIT, later(90_000))
    expect(await tokens.verify('harbor-realty', VISIT, token, AT)).not.toBeNull()
    const future = await tokens.issue('harbor-realty', VISIT, later(HOUR))
    expect(await tokens.verify('harbor-realty', VISIT, future, AT)).toBeNull()
  })

  it('cannot be made without the secret: another key, a moved date or a changed digit is refused', async () => {
    const token = await tokens.issue('harbor-realty', VISIT, AT)
    const other = createVisitTokens(createKeyedHash('another-secret-entirely-0123456789abcdef'))
    const forged = await other.issue('harbor-realty', VISIT, AT)
    expect(await tokens.verify('harbor-realty', VISIT, forged, later(HOUR))).toBeNull()
    const [stamp = '', signature = ''] = token.split('.')
    const moved = `${(Number.parseInt(stamp, 36) - 60).toString(36)}.${signature}`
    expect(await tokens.verify('harbor-realty', VISIT, moved, later(HOUR))).toBeNull()
    const flipped = `${stamp}.${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`
    expect(await tokens.verify('harbor-realty', VISIT, flipped, later(HOUR))).toBeNull()
    for (const junk of ['', 'x', `${stamp}.`, `${stamp}.${signature}0`, `-1.${signature}`]) {
      expect(await tokens.verify('harbor-realty', VISIT, junk, later(HOUR)), junk).toBeNull()
    }
  })

  it('come with visit ids the server chose: random, and of the visit id rule', () => {
    const ids = new Set(Array.from({ length: 100 }, createVisitId))
    expect(ids.size).toBe(100)
    for (const id of ids) expect(id).toMatch(VISIT_ID_PATTERN)
  })
})
