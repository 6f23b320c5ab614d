import { useEffect, useState } from 'react'
import { siteConfig } from '../../config.ts'
import { isMeetingScheduled, readScheduledEventUri } from './calendly-events.ts'
import { type CalendlyApi, calendlyLoader } from './calendly-loader.ts'

export type CalendlyState =
  | { status: 'unconfigured' | 'loading' | 'failed'; api: null }
  | { status: 'ready'; api: CalendlyApi }

/** Holds Calendly's assets while the calling component is mounted; no URL means nothing is loaded. */
export function useCalendly(url: string = siteConfig.calendlyUrl): CalendlyState {
  const [state, setState] = useState<CalendlyState>(() =>
    url ? { status: 'loading', api: null } : { status: 'unconfigured', api: null },
  )
  useEffect(() => {
    if (!url) return
    setState({ status: 'loading', api: null })
    const lease = calendlyLoader.acquire()
    let active = true
    void lease.ready.then((api) => {
      if (active) setState(api ? { status: 'ready', api } : { status: 'failed', api: null })
    })
    return () => {
      active = false
      lease.release()
    }
  }, [url])
  return state
}

/** Whose booking a scheduler on the page takes: the prospect, and the rep whose scheduler it is. */
export interface BookingFor {
  /** The prospect the booking is for; absent: the one whose page this tab opened last (the landing page). */
  slug?: string
  /** The name of the rep whose scheduler the page shows, for their Timeline when Calendly names nobody. */
  rep?: string
}

/**
 * True once Calendly (and only Calendly's origin) reports a booked meeting, which is then reported
 * for the sales team (the reporter is fetched only then, never on the page's first load).
 */
export function useMeetingScheduled({ slug, rep }: BookingFor = {}): boolean {
  const [scheduled, setScheduled] = useState(false)
  useEffect(() => {
    const onMessage = (message: MessageEvent) => {
      if (!isMeetingScheduled(message)) return
      setScheduled(true)
      const eventUri = readScheduledEventUri(message)
      if (eventUri === null) return // nothing the server could confirm: not reported
      import('../report-booking.ts').then(
        ({ reportMeetingBooked }) => reportMeetingBooked(eventUri, slug, rep),
        () => {}, // offline: the booking stands, only the sales team's note of it is lost
      )
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [slug, rep])
  return scheduled
}
