import { primaryButtonClass, secondaryButtonClass } from '../../components/button-styles.ts'
import { Link } from '../../components/link.tsx'
import { siteConfig } from '../../config.ts'
import { ScheduleMeetingButton } from './scheduling/schedule-meeting-button.tsx'

/** The product's promise and the two ways forward: try the demo, or talk to us. */
export function LandingHero() {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 h-[36rem] bg-[radial-gradient(ellipse_at_top,rgba(99,102,241,0.18),transparent_60%)] dark:bg-[radial-gradient(ellipse_at_top,rgba(99,102,241,0.28),transparent_60%)]"
      />
      <div className="relative mx-auto max-w-4xl px-4 pt-20 pb-24 text-center sm:px-6 sm:pt-28 sm:pb-32">
        <p className="inline-flex items-center gap-2 rounded-full border border-indigo-100 bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-700 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-300">
          <span className="size-1.5 rounded-full bg-indigo-600 dark:bg-indigo-400" aria-hidden="true" />
          AI voice agents for small businesses
        </p>
        <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-6xl dark:text-white">
          Turn questions into bookings and confusion into calls{' '}
          <span className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent dark:from-indigo-400 dark:to-violet-400">
            with one AI agent
          </span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600 dark:text-slate-300">
          {siteConfig.productName} answers every call, qualifies leads and books appointments around the
          clock, for clinics, real estate, restaurants, studios and sales teams.
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Link href="/visitor" className={primaryButtonClass}>
            Try Demo Experience
          </Link>
          <ScheduleMeetingButton
            className={`${secondaryButtonClass} dark:border-slate-700 dark:bg-slate-900 dark:text-white dark:hover:bg-slate-800`}
          />
        </div>
      </div>
    </section>
  )
}
