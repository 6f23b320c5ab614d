import { siteConfig } from '../../../config.ts'
import { bookingUrlFor } from '../../../lib/scheduling/booking-url.ts'
import { useCalendly } from '../../../lib/scheduling/use-calendly.ts'
import { BOOKING_PANEL_ID } from './booking-panel-id.ts'

/**
 * Opens Calendly's popup for the intro meeting. Without the script (offline, blocked, still loading)
 * it opens the meeting page in a new tab, and without a meeting URL it shows the contact section's
 * message, so the button always leads somewhere.
 */
export function ScheduleMeetingButton({ className }: { className: string }) {
  const url = siteConfig.calendlyUrl
  const calendly = useCalendly(url)
  const handleClick = () => {
    if (calendly.status === 'ready') return calendly.api.initPopupWidget({ url: bookingUrlFor(url) })
    if (url) return void window.open(bookingUrlFor(url), '_blank', 'noopener,noreferrer')
    const panel = document.getElementById(BOOKING_PANEL_ID)
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    panel?.scrollIntoView({ behavior: reduce ? 'instant' : 'smooth', block: 'center' })
    panel?.focus({ preventScroll: true })
  }
  return (
    <button type="button" className={className} onClick={handleClick}>
      Schedule Meeting
    </button>
  )
}
