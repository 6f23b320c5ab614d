import { Skeleton } from '../../components/skeleton.tsx'

/** Placeholders shaped like the loaded page's hero, pitch card and demo section, so nothing jumps. */
export function ProspectSkeleton() {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        Loading your page…
      </p>
      <div className="flex flex-col items-center gap-3 pt-14 pb-12 sm:pt-20 sm:pb-16">
        <Skeleton className="h-9 w-full max-w-xs sm:h-12 sm:max-w-3xl" />
        <Skeleton className="h-9 w-4/5 max-w-2xs sm:h-12 sm:max-w-xl" />
        <Skeleton className="h-9 w-3/5 max-w-3xs sm:hidden" />
        <Skeleton className="mt-3 h-6 w-full max-w-sm sm:max-w-md" />
      </div>
      <div className="grid overflow-hidden rounded-2xl border border-slate-200 bg-white md:grid-cols-2 dark:border-slate-800 dark:bg-slate-900">
        {[0, 1].map((side) => (
          <div key={side} className="p-6 sm:p-8">
            <Skeleton className="size-11 rounded-xl" />
            <Skeleton className="mt-5 h-7 w-56" />
            <Skeleton className="mt-3 h-5 w-full" />
          </div>
        ))}
      </div>
      <div className="mt-12 flex flex-col items-center rounded-3xl border border-slate-200 bg-slate-50 px-4 py-10 sm:mt-16 sm:px-10 sm:py-14 dark:border-slate-800 dark:bg-slate-900/60">
        <Skeleton className="h-8 w-64 sm:h-10 sm:w-96" />
        <Skeleton className="mt-4 h-5 w-full max-w-xl" />
        <Skeleton className="mt-8 h-40 w-full max-w-xl rounded-2xl" />
      </div>
    </div>
  )
}
