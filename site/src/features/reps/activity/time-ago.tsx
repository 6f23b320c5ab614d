import { formatDateTime } from '../ui/format.ts'
import { formatAgo } from './activity-format.ts'

/** "3 min ago", with the exact time for a machine (`datetime`) and on hover (`title`). */
export function TimeAgo({ at, now }: { at: string; now: Date }) {
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatAgo(at, now)}
    </time>
  )
}
