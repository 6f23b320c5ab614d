import { expect, it } from 'vitest'
import { getStatusForSqlState } from './pgrst-error.ts'

it("maps SQLSTATEs to PostgREST's documented HTTP statuses", () => {
  const cases: [string, boolean, number][] = [
    ['42501', false, 401], // permission denied, anonymous
    ['42501', true, 403], // permission denied, authenticated
    ['23505', true, 409], // unique violation
    ['23503', true, 409], // foreign key violation
    ['42P01', true, 404], // undefined table
    ['08006', true, 503], // connection failure
    ['53100', true, 503], // insufficient resources
    ['53400', true, 500], // config limit exceeded
    ['25006', true, 405], // read-only transaction
    ['P0001', true, 400], // raise exception
    ['XX000', true, 500], // internal error
    ['22P02', true, 400], // anything else: bad input
  ]
  for (const [code, authenticated, status] of cases) {
    expect(getStatusForSqlState(code, authenticated), code).toBe(status)
  }
})
