import { describe, expect, it } from 'vitest'
import { createRateLimitedLogger } from './rate-limited-logger.ts'

function setup(options: { maxMessages?: number } = {}) {
  const lines: unknown[][] = []
  let time = 0
  const logger = createRateLimitedLogger(
    { error: (...args: unknown[]) => void lines.push(args) },
    { now: () => time, ...options },
  )
  const advance = (ms: number) => {
    time += ms
  }
  return { lines, logger, advance }
}

describe('createRateLimitedLogger', () => {
  it('passes a message once a minute, then says how many like it were held back', () => {
    const { lines, logger, advance } = setup()
    const failure = new Error('connect ECONNREFUSED')
    for (let i = 0; i < 1000; i++) {
      logger.error('[unavailable]', failure)
      advance(10)
    }
    expect(lines).toEqual([['[unavailable]', failure]])
    advance(50_000) // a minute after the first line
    logger.error('[unavailable]', failure)
    expect(lines.slice(1)).toEqual([
      ['[log] 999 more of "[unavailable] Error: connect ECONNREFUSED" in 60 s were not shown'],
      ['[unavailable]', failure],
    ])
  })

  it('tells messages apart by their text, not by the error object or its stack', () => {
    const { lines, logger } = setup()
    logger.error('[unavailable]', new Error('timeout'))
    logger.error('[unavailable]', new Error('timeout'))
    logger.error('[unavailable]', new Error('refused'))
    logger.error('[phone_call_record]', new Error('timeout'))
    expect(lines.map(([code, error]) => `${code} ${(error as Error).message}`)).toEqual([
      '[unavailable] timeout',
      '[unavailable] refused',
      '[phone_call_record] timeout',
    ])
  })

  it('does not report a count when nothing was held back', () => {
    const { lines, logger, advance } = setup()
    logger.error('once')
    advance(120_000)
    logger.error('once')
    expect(lines).toEqual([['once'], ['once']])
  })

  it('remembers a bounded number of messages, forgetting the least recently logged', () => {
    const { lines, logger } = setup({ maxMessages: 2 })
    logger.error('a')
    logger.error('b')
    logger.error('c') // forgets a
    logger.error('b')
    logger.error('a')
    expect(lines).toEqual([['a'], ['b'], ['c'], ['a']])
  })
})
