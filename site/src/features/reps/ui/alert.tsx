import type { ReactNode } from 'react'

/** Red, announced at once: a failure the rep must read before going on. */
export function Alert({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="alert"
      className={`rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm break-words text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300 ${className}`}
    >
      {children}
    </div>
  )
}
