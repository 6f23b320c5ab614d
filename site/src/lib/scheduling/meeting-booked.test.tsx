import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { EventBatch } from '#core/engagement.ts'
import { keepVisit } from '#core/engagement-visit.ts'
import { CALENDLY_ORIGIN } from './calendly-events.ts'
import { useMeetingScheduled } from './use-calendly.ts'

/** The page's beacons (where engagement events leave it), each body parsed. */
let sent: Array<{ url: string; batch: EventBatch }>
beforeEach(() => {
  sent = []
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => {
      sent.push({ url, batch: JSON.parse(body) as EventBatch })
      return true
    },
  })
})
afterEach(() => Reflect.deleteProperty(navigator, 'sendBeacon'))

/** A message posted to the page, as Calendly's frame (or a page pretending to be it) posts it. */
const post = (origin: string, data: unknown) =>
  act(() => void dispatchEvent(new MessageEvent('message', { origin, data })))
/** Calendly's message as its inline widget posts it: the meeting's address at its API, and the invitee's. */
const EVENT_URI = 'https://api.calendly.com/scheduled_events/GBGBDCAADAEDCRZ2'
const SCHEDULED = {
  event: 'calendly.event_scheduled',
  payload: { event: { uri: EVENT_URI }, invitee: { uri: `${EVENT_URI}/invitees/AAAAAAAAAAAAAAAA` } },
}
const TOKEN = 'tyf0w0.0123456789abcdef0123456789abcdef'
/** The widget began the prospect's visit in this tab (its page counted as opened). */
const markOpened = (slug: string) => keepVisit(slug, { id: `visit-${slug}`.padEnd(16, '-'), token: TOKEN })
const bookings = () => sent.flatMap(({ batch }) => batch.events).filter((e) => e.name === 'meeting_booked')

describe('a booked meeting', () => {
  it("is reported (as the page's word) for the prospect whose page this tab opened, once Calendly's origin says so", async () => {
    // The widget counted the prospect's page as opened in this tab, and kept its visit.
    markOpened('harbor-realty')
    const { result } = renderHook(() => useMeetingScheduled())
    await post(CALENDLY_ORIGIN, SCHEDULED)
    expect(result.current).toBe(true)
    await waitFor(() =>
      expect(bookings()).toEqual([{ name: 'meeting_booked', slug: 'harbor-realty', eventUri: EVENT_URI }]),
    )
    const batch = sent.find(({ batch }) => batch.events.some((e) => e.name === 'meeting_booked'))
    expect(batch?.url).toBe('/api/events')
    expect(batch?.batch.tokens).toEqual({ 'harbor-realty': TOKEN })
  })

  it('is the latest prospect the tab opened, when it opened several', async () => {
    markOpened('harbor-realty')
    markOpened('bright-smile-dental')
    renderHook(() => useMeetingScheduled())
    await post(CALENDLY_ORIGIN, SCHEDULED)
    await waitFor(() =>
      expect(bookings()).toEqual([
        { name: 'meeting_booked', slug: 'bright-smile-dental', eventUri: EVENT_URI },
      ]),
    )
  })

  it('is not reported from a message of any other origin, nor for another Calendly event', async () => {
    markOpened('harbor-realty')
    const { result } = renderHook(() => useMeetingScheduled())
    await post('https://calendly.com.attacker.test', SCHEDULED)
    await post(location.origin, SCHEDULED)
    await post(CALENDLY_ORIGIN, { event: 'calendly.date_and_time_selected' })
    // Then a real booking, so the test knows the reporter had every chance to send the others.
    await post(CALENDLY_ORIGIN, SCHEDULED)
    await waitFor(() => expect(bookings()).toHaveLength(1))
    expect(result.current).toBe(true)
  })

  it("is shown but not reported when Calendly's message names no meeting the server could look up", async () => {
    markOpened('harbor-realty')
    const { result } = renderHook(() => useMeetingScheduled())
    await post(CALENDLY_ORIGIN, { event: 'calendly.event_scheduled', payload: {} })
    expect(result.current).toBe(true)
    await post(CALENDLY_ORIGIN, SCHEDULED)
    await waitFor(() => expect(bookings()).toHaveLength(1))
  })

  it('is shown but not reported in a tab that opened no prospect page', async () => {
    const { result } = renderHook(() => useMeetingScheduled())
    await post(CALENDLY_ORIGIN, SCHEDULED)
    expect(result.current).toBe(true)
    // The reporter module arrives (an import) and finds no prospect: wait for it, then nothing sent.
    await import('../report-booking.ts')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(bookings()).toEqual([])
  })

  it("on a prospect's own page, is that prospect's, with the name of the rep whose scheduler it showed", async () => {
    markOpened('harbor-realty') // opened earlier in this tab: not the page the booking was made on
    markOpened('bright-smile-dental')
    markOpened('harbor-realty') // and another since: the page's own prospect still wins
    renderHook(() => useMeetingScheduled({ slug: 'bright-smile-dental', rep: 'Sam Rivera' }))
    await post(CALENDLY_ORIGIN, SCHEDULED)
    await waitFor(() =>
      expect(bookings()).toEqual([
        { name: 'meeting_booked', slug: 'bright-smile-dental', eventUri: EVENT_URI, rep: 'Sam Rivera' },
      ]),
    )
  })
})
