import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { fakeBeacon, leavePage, showPage } from '../testing/fake-beacon.ts'
import { stubFetch } from '../testing/fake-fetch.ts'

/** A prospect of this test alone: the test files may share one window, and its reporters. */
const SLUG = 'queued-before-chunk'
let beacon: ReturnType<typeof fakeBeacon>
beforeEach(() => {
  beacon = fakeBeacon()
  stubFetch() // the server begins the visit the events wait for
})
afterEach(() => {
  beacon.restore()
  vi.unstubAllGlobals()
})

it('keeps events that come before the engagement chunk, and sends them in order once it is here', async () => {
  // The widget's modules as a page first loads them: the first event fetches the chunk when idle.
  vi.resetModules()
  const { reportEngagement } = await import('./report-engagement.ts')
  reportEngagement('https://api.example.com', { name: 'demo_call_started', slug: SLUG })
  reportEngagement('https://api.example.com', { name: 'demo_call_ended', slug: SLUG, seconds: 5 })
  leavePage()
  showPage()
  expect(beacon.events(SLUG)).toEqual([]) // nothing of it in the first paint

  await vi.waitFor(() => {
    leavePage()
    showPage()
    expect(beacon.events(SLUG)).toEqual([
      { name: 'demo_call_started', slug: SLUG },
      { name: 'demo_call_ended', slug: SLUG, seconds: 5 },
    ])
  })
  const batches = beacon.batches.filter(({ batch }) => batch.events.some((event) => event.slug === SLUG))
  expect(batches.map(({ url }) => url)).toEqual(['https://api.example.com/api/events'])
})
