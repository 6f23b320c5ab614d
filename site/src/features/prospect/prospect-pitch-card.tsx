import { LineIcon } from '../../components/line-icon.tsx'
/** The problem and the answer, side by side (stacked on phones). Same for every prospect. */
export function ProspectPitchCard() {
  return (
    <section
      aria-label="Why an AI agent"
      className="grid overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl shadow-slate-900/5 md:grid-cols-2 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="p-6 sm:p-8">
        <div className="flex size-11 items-center justify-center rounded-xl bg-rose-50 text-rose-600 dark:bg-rose-500/10 dark:text-rose-400">
          <LineIcon className="size-6">
            <path d="M3 17l6-6 4 4 8-8M21 7v6M21 7h-6" transform="matrix(1 0 0 -1 0 24)" />
          </LineIcon>
        </div>
        <h2 className="mt-5 text-xl font-bold tracking-tight">What's Holding You Back?</h2>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          You're losing leads and wasting hours on routine calls.
        </p>
      </div>
      <div className="border-t border-slate-200 bg-gradient-to-br from-indigo-50/70 to-violet-50/70 p-6 sm:p-8 md:border-t-0 md:border-l dark:border-slate-800 dark:from-indigo-500/10 dark:to-violet-500/10">
        <div className="flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-indigo-600 to-violet-600 text-white shadow-md shadow-indigo-600/25">
          <LineIcon className="size-6">
            <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8Z" />
          </LineIcon>
        </div>
        <h2 className="mt-5 text-xl font-bold tracking-tight">Your 24/7 AI Agent Is Here</h2>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          Instant answers, bookings, and support—so you can focus on growth.
        </p>
      </div>
    </section>
  )
}
