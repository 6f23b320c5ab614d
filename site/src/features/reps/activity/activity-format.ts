import { spokenDuration } from '#core/spoken-duration.ts'

/** How long ago `iso` was, as of `now`, in a few words: "just now", "3 min ago", "5 h ago", "2 days ago". */
export function formatAgo(iso: string, now: Date): string {
  const seconds = Math.max(0, (now.getTime() - new Date(iso).getTime()) / 1000)
  if (seconds < 60) return 'just now'
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} h ago`
  const days = Math.floor(hours / 24)
  return days === 1 ? '1 day ago' : `${days} days ago`
}

/** A call's length, or a prospect's talk time, as a person says it: "45 s", "1 min 35 s", "1 h 2 min". */
export const formatDuration = (totalSeconds: number): string => spokenDuration(totalSeconds)

/** A code this page has no words for, as words at least: `customer-busy` → `customer busy`. */
export const spellOutCode = (code: string): string => code.replace(/[-_.]+/g, ' ').trim()
