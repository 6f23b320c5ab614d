// @vitest-environment happy-dom
import { beforeEach, expect, it } from 'vitest'
import { keepVisit } from '#core/engagement-visit.ts'
import { bookingUrlFor } from './booking-url.ts'

const VISIT = { id: 'visit-harbor-realty', token: 'tyf0w0.0123456789abcdef0123456789abcdef' }
beforeEach(() => sessionStorage.clear())

it("names the prospect whose page this tab opened last, so the scheduler's webhook books them", () => {
  expect(bookingUrlFor('https://calendly.com/callpilot/15min')).toBe('https://calendly.com/callpilot/15min')
  keepVisit('harbor-realty', VISIT)
  expect(bookingUrlFor('https://calendly.com/callpilot/15min')).toBe(
    'https://calendly.com/callpilot/15min?utm_source=voice-demo&utm_medium=prospect-page&utm_content=harbor-realty',
  )
})

it('leaves a link the server already made for a prospect as it is, and one it cannot read', () => {
  keepVisit('harbor-realty', VISIT)
  const ours =
    'https://calendly.com/sam/30min?utm_source=voice-demo&utm_medium=prospect-page&utm_content=lee-co'
  expect(bookingUrlFor(ours)).toBe(ours)
  expect(bookingUrlFor('')).toBe('')
})
