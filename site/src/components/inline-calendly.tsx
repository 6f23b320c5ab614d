import { type ReactNode, useEffect, useRef } from 'react'
import { bookingUrlFor } from '../lib/scheduling/booking-url.ts'
import { type BookingFor, useCalendly, useMeetingScheduled } from '../lib/scheduling/use-calendly.ts'
import { LineIcon } from './line-icon.tsx'

interface InlineCalendlyProps {
  /** The scheduling page; empty: nothing is loaded and `fallback` is shown. */
  url: string
  /** Whose booking it is, for the sales team's report of it. */
  bookingFor?: BookingFor
  /** Shown when the calendar cannot run here (no link, offline, blocked by an extension). */
  fallback: ReactNode
}

/**
 * Calendly's inline calendar for `url`, with a loading state, a plain link beside it and `fallback`
 * when the script cannot run. Calendly's script is fetched when this mounts, never before: a page
 * mounts it on the visitor's intent (a click, or the section scrolled to).
 */
export function InlineCalendly({ url, bookingFor, fallback }: InlineCalendlyProps) {
  const calendly = useCalendly(url)
  const scheduled = useMeetingScheduled(bookingFor)
  const frameHost = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const host = frameHost.current
    if (calendly.status !== 'ready' || !host) return
    host.replaceChildren() // StrictMode runs this twice; one calendar, not two
    calendly.api.initInlineWidget({ url: bookingUrlFor(url), parentElement: host })
    return () => host.replaceChildren()
  }, [calendly, url])

  return (
    <>
      <div role="status" className="empty:hidden">
        {scheduled && (
          <p className="mb-4 flex items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-left text-sm font-medium text-emerald-800 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200">
            <CheckIcon />
            Your meeting is booked. A calendar invite is on its way to your inbox.
          </p>
        )}
      </div>
      {calendly.status === 'ready' || calendly.status === 'loading' ? (
        <div className="relative h-[700px] min-w-[320px] overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl shadow-slate-900/5 dark:border-slate-700 dark:bg-slate-900">
          {calendly.status === 'loading' && <LoadingCalendar />}
          <div ref={frameHost} className="h-full [&_iframe]:h-full [&_iframe]:w-full" />
        </div>
      ) : (
        fallback
      )}
      {calendly.status === 'ready' && (
        <p className="mt-3 text-center text-sm text-slate-600 dark:text-slate-400">
          Calendar not showing?{' '}
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-indigo-600 underline-offset-4 hover:underline dark:text-indigo-400"
          >
            Open the booking page
          </a>
        </p>
      )}
    </>
  )
}

function LoadingCalendar() {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-sm text-slate-600 dark:text-slate-400">
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-2 border-indigo-200 border-t-indigo-600 motion-reduce:animate-none dark:border-indigo-500/30 dark:border-t-indigo-400"
      />
      Loading the booking calendar…
    </div>
  )
}

function CheckIcon() {
  return (
    <LineIcon className="size-5 shrink-0">
      <path d="M20 6 9 17l-5-5" />
    </LineIcon>
  )
}
