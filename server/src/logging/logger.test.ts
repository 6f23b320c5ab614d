import { Writable } from 'node:stream'
import { expect, it } from 'vitest'
import { createLogger, readLogSettings, toErrorSink } from './logger.ts'
import { readRequestId } from './request-log.ts'

function capture() {
  const lines: Record<string, unknown>[] = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  return { lines, logger: createLogger('info', sink) }
}

it('writes [redacted] for personal data and secrets by key, at the top and nested', () => {
  const { lines, logger } = capture()
  logger.info(
    {
      password: 'hunter2-long',
      phone: '+12015550147',
      rep: { email: 'ann@example.com', token: 'abc' },
      request: { headers: { authorization: 'Bearer x', cookie: 'rep_session=y' } },
      address: '1 Main St',
      route: '/:slug',
    },
    'request',
  )
  const text = JSON.stringify(lines)
  for (const value of [
    'hunter2-long',
    '+12015550147',
    'ann@example.com',
    'Bearer x',
    'rep_session=y',
    '1 Main St',
  ]) {
    expect(text).not.toContain(value)
  }
  expect(lines[0]).toMatchObject({ level: 'info', msg: 'request', route: '/:slug', password: '[redacted]' })
  expect(typeof lines[0]?.time).toBe('string')
})

it("writes a failure reported as console.error's arguments as one error line with the error's stack", () => {
  const { lines, logger } = capture()
  toErrorSink(logger).error('[nudges] could not send:', new Error('connection refused'))
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatchObject({
    level: 'error',
    msg: '[nudges] could not send:',
    err: { message: 'connection refused', stack: expect.stringContaining('Error: connection refused') },
  })
})

it('reads LOG_FORMAT and LOG_LEVEL: pretty on a terminal by default, JSON otherwise, info unless told', () => {
  expect(readLogSettings({}, true)).toEqual({ format: 'pretty', level: 'info' })
  expect(readLogSettings({}, false)).toEqual({ format: 'json', level: 'info' })
  expect(readLogSettings({ LOG_FORMAT: 'json', LOG_LEVEL: 'warn' }, true)).toEqual({
    format: 'json',
    level: 'warn',
  })
  expect(readLogSettings({ LOG_FORMAT: 'xml', LOG_LEVEL: 'loud' }, false)).toEqual({
    format: 'json',
    level: 'info',
  })
})

it("keeps a proxy's request id only when it is a plain token", () => {
  expect(readRequestId('req-12345678')).toBe('req-12345678')
  for (const bad of [
    undefined,
    '',
    'short',
    'has space 12345',
    'x'.repeat(129),
    'quote"12345678',
    'nl\n12345678',
  ]) {
    expect(readRequestId(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
  }
})
