import type { Page } from '@playwright/test'
import type { FunnelResponse } from '#core/rep-api.ts'

const WEEKS = [
  '2026-01-05',
  '2026-01-12',
  '2026-01-19',
  '2026-01-26',
  '2026-02-02',
  '2026-02-09',
  '2026-02-16',
  '2026-02-23',
]
const WEEK_COUNTS = [
  [40, 31, 12, 5, 2],
  [52, 40, 15, 6, 3],
  [38, 30, 9, 4, 1],
  [61, 44, 20, 9, 4],
  [70, 51, 22, 8, 5],
  [45, 36, 13, 6, 2],
  [58, 47, 19, 7, 3],
  [24, 19, 8, 3, 1],
]

/**
 * A fixed funnel for the pictures, a team's size: the funnel's period and weeks move with the date
 * and its counts with the seed's age, so the pictures take this answer instead (the numbers the
 * server computes are checked in e2e/reps-funnel.spec.ts).
 */
export const PICTURE_FUNNEL: FunnelResponse = {
  period: '30-days',
  since: '2026-01-31T14:05:00.000Z',
  until: '2026-03-02T14:05:00.000Z',
  total: [212, 163, 66, 27, 12],
  weeks: WEEKS.map((week, i) => ({ week, counts: WEEK_COUNTS[i] as number[] })),
  byRep: [
    { key: 'a', label: 'admin@example.com', counts: [120, 96, 41, 17, 8] },
    { key: 'b', label: 'rep@example.com', counts: [80, 59, 22, 9, 4] },
    { key: '', label: 'Nobody', counts: [12, 8, 3, 1, 0] },
  ],
  byKind: [
    { key: 'dental', label: 'Dental', counts: [110, 90, 40, 18, 9] },
    { key: 'general', label: 'General', counts: [102, 73, 26, 9, 3] },
  ],
  bySite: [
    { key: 'https://callpilot.example', label: 'callpilot.example', counts: [120, 120, 40, 15, 7] },
    { key: 'https://partner.example', label: 'partner.example', counts: [43, 43, 26, 12, 5] },
  ],
}

/** Answers the funnel's requests with PICTURE_FUNNEL. */
export async function fixFunnel(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/api/reps/activity/funnel',
    (route) => route.fulfill({ json: PICTURE_FUNNEL }),
  )
}
