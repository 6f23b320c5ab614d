import { navigate } from '../lib/router.ts'
import { primaryButtonClass } from './button-styles.ts'
import { LineIcon } from './line-icon.tsx'

/** A full-page failure: the "Error" heading, a message a person can read, and a way home. */
export function ErrorState({ message }: { message: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-16 dark:bg-slate-950">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-xl shadow-slate-900/5 dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto mb-5 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400">
          <LineIcon className="size-6">
            <path d="M12 8v5m0 3.5v.01M10.3 3.9 2.4 17.6A2 2 0 0 0 4.1 20.6h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
          </LineIcon>
        </div>
        <h1 className="text-2xl font-bold tracking-tight">Error</h1>
        <p className="mt-3 break-words text-slate-600 dark:text-slate-300">{message}</p>
        {/* A button, not a link: it replaces a failed page rather than being a place to open. */}
        <button type="button" className={`${primaryButtonClass} mt-8`} onClick={() => navigate('/')}>
          Go Home
        </button>
      </div>
    </main>
  )
}
