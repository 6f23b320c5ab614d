import { describe, expect, it } from 'vitest'
import type { WebhookDeliveryLine } from '#core/rep-api.ts'
import { deliveryOutcome } from './webhook-words.ts'

const line = (change: Partial<WebhookDeliveryLine>): WebhookDeliveryLine => ({
  id: 1,
  deliveryId: '7c0e2f43-8a36-4c1e-9a55-0f7d1f0b8e11',
  event: 'booked',
  slug: 'ruiz-plumbing',
  createdAt: '2026-03-02T14:05:00.000Z',
  attempts: 0,
  state: 'waiting',
  status: null,
  error: null,
  nextAttemptAt: '2026-03-02T14:05:00.000Z',
  ...change,
})

describe('a delivery in the log, in words', () => {
  it('says it arrived, with the answer', () => {
    expect(deliveryOutcome(line({ state: 'delivered', attempts: 2, status: 204 }), 10)).toBe(
      'Delivered (HTTP 204)',
    )
  })

  it('says what went wrong and when the next try is, while tries are left', () => {
    const words = deliveryOutcome(
      line({
        attempts: 3,
        status: 500,
        error: 'The receiver answered HTTP 500',
        nextAttemptAt: '2026-03-02T14:09:00.000Z',
      }),
      10,
    )
    expect(words).toMatch(/^The receiver answered HTTP 500\. Trying again at .+ \(try 4 of 10\)\.$/)
  })

  it('gives the reason when it was given up', () => {
    const error = 'Given up after 10 tries: The receiver did not answer within 5 s'
    expect(deliveryOutcome(line({ state: 'failed', attempts: 10, error, nextAttemptAt: null }), 10)).toBe(
      error,
    )
  })

  it('says it is on its way before the first try', () => {
    expect(deliveryOutcome(line({}), 10)).toBe('Sending…')
  })
})
