import { afterEach, expect, it, vi } from 'vitest'
import type { ProspectResponse } from '#core/prospect.ts'

const BOOKING = {
  url: 'https://calendly.com/sam-rivera/30min',
  rep: { name: 'Sam Rivera', firstName: 'Sam', photo: null },
  label: 'Book a call with Sam',
}
const ANSWER = {
  prospect: { slug: 'bright-smile-dental', companyName: 'Bright Smile Dental', booking: BOOKING },
  fallback: false,
} as unknown as ProspectResponse

afterEach(() => document.body.replaceChildren())

it("keeps the booking out of the panel's answer, and gives the page the whole answer back", async () => {
  vi.resetModules() // the page's answer is read once per page load
  const { preloadedAnswer, toPreloadedAttributes, PRELOADED_ATTRIBUTE } = await import(
    './preloaded-prospect.ts'
  )
  const attributes = toPreloadedAttributes(ANSWER)
  // The widget reads data-prospect: no booking there, so its panel offers none beside the page's own.
  expect(JSON.parse(attributes[PRELOADED_ATTRIBUTE] ?? '').prospect).not.toHaveProperty('booking')
  const element = document.createElement('voice-demo')
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  element.setAttribute('data-for', 'bright-smile-dental')
  document.body.append(element)
  expect(preloadedAnswer('bright-smile-dental')).toEqual(ANSWER)
})
