import type { LookupState } from './use-prospect-lookup.ts'

const alertClass =
  'rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300'

/** What the look-up of `slug` found: who it is, that nobody is, or why it failed. */
export function LookupStatus({ slug, state }: { slug: string | null; state: LookupState }) {
  switch (state.status) {
    case 'idle':
      return null
    case 'loading':
      return (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Looking up {slug}…
        </p>
      )
    case 'missing':
      return (
        <p role="alert" className={alertClass}>
          No prospect has the slug “{slug}”. Its link would show the page for unknown visitors, so there is
          nothing to copy: check the spelling, or import the prospect first.
        </p>
      )
    case 'error':
      return (
        <p role="alert" className={alertClass}>
          {state.message}
        </p>
      )
    case 'found':
      return (
        <div
          role="status"
          className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 dark:border-emerald-500/30 dark:bg-emerald-500/10"
        >
          <p className="font-semibold break-words text-slate-900 dark:text-white">{state.prospect.name}</p>
          <p className="text-sm break-words text-slate-700 dark:text-slate-300">
            {state.prospect.companyName}
          </p>
        </div>
      )
  }
}
