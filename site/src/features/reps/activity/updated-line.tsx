import { useEffect, useState } from 'react'
import { formatAgo } from './activity-format.ts'

/** The line re-reads the clock this often, so "Updated 2 min ago" stays true while refreshes fail. */
const TICK_MS = 30_000

/**
 * A quiet "Updated just now" under the filters (not announced: the rows refresh every few seconds),
 * or, when the latest refresh failed, since when the rows are as they are, and why.
 */
export function UpdatedLine({ updatedAt, error }: { updatedAt: number | null; error: string | null }) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS)
    return () => clearInterval(timer)
  }, [])
  if (updatedAt === null) return null
  const ago = formatAgo(new Date(updatedAt).toISOString(), new Date(Math.max(now, updatedAt)))
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      {error === null ? `Updated ${ago}.` : `Last updated ${ago}. ${error}`}
    </p>
  )
}
