import { InlineCalendly } from '../../../components/inline-calendly.tsx'
import { siteConfig } from '../../../config.ts'
import { BookingFallback } from './booking-fallback.tsx'
import { BOOKING_PANEL_ID } from './booking-panel-id.ts'

/**
 * Calendly's inline calendar for the intro meeting, with a loading state and a plain-link fallback.
 * A booking here is the prospect's whose page this tab opened last.
 */
export function InlineScheduler() {
  const url = siteConfig.calendlyUrl
  return (
    <div id={BOOKING_PANEL_ID} tabIndex={-1} className="scroll-mt-24 focus:outline-none">
      <InlineCalendly url={url} fallback={<BookingFallback url={url} />} />
    </div>
  )
}
