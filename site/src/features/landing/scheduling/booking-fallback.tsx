import { primaryButtonClass } from '../../../components/button-styles.ts'

const agenda = [
  'A quick look at how your calls are handled today',
  'A live walkthrough of an agent built for your business',
  'Pricing and a launch plan, if it fits',
]

/**
 * What the visitor gets when Calendly's calendar cannot run here (offline, blocked by an extension,
 * or no meeting URL configured): a direct link to the meeting page, or an honest message.
 */
export function BookingFallback({ url }: { url: string }) {
  return (
    <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-6 text-left shadow-xl shadow-slate-900/5 sm:p-8 dark:border-slate-700 dark:bg-slate-900">
      <h3 className="text-lg font-semibold text-slate-900 dark:text-white">A 15-minute intro call</h3>
      <ul className="mt-4 space-y-2 text-sm text-slate-600 dark:text-slate-300">
        {agenda.map((item) => (
          <li key={item} className="flex gap-2">
            <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-indigo-500" />
            {item}
          </li>
        ))}
      </ul>
      {url ? (
        <>
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className={`${primaryButtonClass} mt-6 w-full sm:w-auto`}
          >
            Book a 15-minute call
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
            The booking calendar could not load on this page, so it opens on Calendly instead.
          </p>
        </>
      ) : (
        <p className="mt-6 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          Online booking is not set up yet. Please check back soon, or try the demo in the meantime.
        </p>
      )}
    </div>
  )
}
