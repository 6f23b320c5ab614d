import { useEffect, useId, useRef, useState } from 'react'
import type { BookingRep, Prospect, ProspectBooking } from '#core/prospect.ts'
import { logoPath } from '#core/website-reading.ts'
import { primaryButtonClass } from '../../components/button-styles.ts'
import { InlineCalendly } from '../../components/inline-calendly.tsx'
import { getApiUrl } from '../../lib/api-url.ts'

/**
 * "Book a call with {first name}": the rep who sent this page, with their name and photo, and their
 * scheduler opened inline below on the visitor's click (Calendly's script is fetched only then, so the
 * page's first load carries none of it). Without a rep's link the team's scheduler, without a name
 * no name; a booking made here is the prospect's, confirmed with the scheduler by the server.
 */
export function ProspectBookingSection({
  prospect,
  booking,
}: {
  prospect: Prospect
  booking: ProspectBooking
}) {
  const [open, setOpen] = useState(false)
  const panel = useRef<HTMLDivElement>(null)
  // The button goes once the calendar opens: keyboard focus moves to the calendar, not to the page's top.
  useEffect(() => {
    if (open) panel.current?.focus()
  }, [open])
  const panelId = useId()
  const headingId = useId()
  const { rep, label } = booking
  const who = rep?.name || null
  return (
    <section
      aria-labelledby={headingId}
      className="mt-12 rounded-3xl border border-slate-200 bg-white px-4 py-8 shadow-xl shadow-slate-900/5 sm:mt-16 sm:px-10 sm:py-10 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:text-left">
        {rep && <RepFace rep={rep} />}
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-xl font-bold tracking-tight text-balance sm:text-2xl">
            {who ? `Talk to ${who}` : 'Talk to our team'}
          </h2>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            {who ? `${rep?.firstName} made this demo for ${prospect.companyName}.` : ''} Pick a time that
            suits you for a short call about your agent: what it can do, and how to put it live.
          </p>
        </div>
        {!open && (
          <button
            type="button"
            className={`${primaryButtonClass} w-full shrink-0 sm:w-auto`}
            aria-controls={panelId}
            aria-expanded={open}
            onClick={() => setOpen(true)}
          >
            {label}
          </button>
        )}
      </div>
      <div id={panelId} ref={panel} tabIndex={-1} className="empty:hidden focus:outline-none">
        {open && (
          <div className="mt-8">
            <InlineCalendly
              url={booking.url}
              bookingFor={{ slug: prospect.slug, ...(who ? { rep: who } : {}) }}
              fallback={<OpenBookingPage url={booking.url} label={label} />}
            />
          </div>
        )}
      </div>
    </section>
  )
}

/** The rep's photo, or their initials on the brand colour when they gave none. */
function RepFace({ rep }: { rep: BookingRep }) {
  if (rep.photo) {
    return (
      <img
        src={getApiUrl(logoPath(rep.photo))}
        alt={rep.name}
        width={64}
        height={64}
        loading="lazy"
        decoding="async"
        className="size-16 shrink-0 rounded-full object-cover ring-2 ring-white shadow-md dark:ring-slate-800"
      />
    )
  }
  const initials = rep.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('')
  if (!initials) return null
  return (
    <span
      aria-hidden="true"
      className="flex size-16 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-600 to-violet-600 text-lg font-semibold text-white shadow-md"
    >
      {initials}
    </span>
  )
}

/** When the calendar cannot run on this page (offline, blocked): the scheduler's own page instead. */
function OpenBookingPage({ url, label }: { url: string; label: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 p-6 text-center dark:border-slate-700">
      <a href={url} target="_blank" rel="noopener noreferrer" className={primaryButtonClass}>
        {label}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
        The booking calendar could not load on this page, so it opens in a new tab instead.
      </p>
    </div>
  )
}
