import { formatCsv } from '#core/csv-format.ts'
import { type ActivitySummary, STAGE_LABELS } from '#core/engagement.ts'
import { neutralizeFormula } from '#core/spreadsheet-text.ts'

/** The export's columns, as core/engagement.ts names them. */
export const ACTIVITY_CSV_COLUMNS = [
  'slug',
  'name',
  'company',
  'owner',
  'stage',
  'hot',
  'latest_at',
  'visits',
  'talk_seconds',
] as const

export const ACTIVITY_CSV_FILE = 'prospect-activity.csv'

/**
 * The activity list as a CSV file for a spreadsheet: the stage as the pages word it, hot as yes or
 * no, the latest activity in ISO 8601 (UTC), empty when there is none; what people typed (slugs,
 * names, companies, emails) never runs as a formula.
 */
export function formatActivityCsv(prospects: readonly ActivitySummary[]): string {
  const rows = prospects.map((row) => [
    neutralizeFormula(row.slug),
    neutralizeFormula(row.name),
    neutralizeFormula(row.companyName),
    neutralizeFormula(row.owner?.email ?? ''),
    STAGE_LABELS[row.stage],
    row.hot ? 'yes' : 'no',
    row.latestAt ?? '',
    String(row.visits),
    String(row.talkSeconds),
  ])
  return formatCsv([[...ACTIVITY_CSV_COLUMNS], ...rows])
}
