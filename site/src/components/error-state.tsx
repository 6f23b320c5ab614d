import { FALLBACK_SLUG } from '#core/prospect.ts'
import { navigate } from '../lib/router.ts'
import { primaryButtonClass, secondaryButtonClass } from './button-styles.ts'
import { LineIcon } from './line-icon.tsx'
import { Link } from './link.tsx'

/**
 * A page that failed, inside the site's frame (the caller's header, `<main>` and footer): the "Error"
 * heading, a message a person can read, a way home and a way into the demo.
 */
export function ErrorState({ message }: { message: string }) {
  return (
    <div className="flex min-h-[70dvh] items-center justify-center px-4 py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-xl shadow-slate-900/5 dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto mb-5 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400">
          <LineIcon className="size-6">
            <path d="M12 8v5m0 3.5v.01M10.3 3.9 2.4 17.6A2 2 0 0 0 4.1 20.6h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
          </LineIcon>
        </div>
        <h1 className="text-2xl font-bold tracking-tight">Error</h1>
        <p className="mt-3 break-words text-slate-600 dark:text-slate-300">{message}</p>
        {/* A button, not a link: it replaces a failed page rather than being a place to open. */}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button type="button" className={primaryButtonClass} onClick={() => navigate('/')}>
            Go Home
          </button>
          <Link href={`/${FALLBACK_SLUG}`} className={secondaryButtonClass}>
            Try the demo
          </Link>
        </div>
      </div>
    </div>
  )
}
