import { EVENTS_PATH } from '#core/engagement.ts'
import { getEngagementReporter } from '#core/engagement-reporter.ts'
import { getLastOpened } from '#core/engagement-visit.ts'
import { getApiUrl } from './api-url.ts'

/**
 * Reports `meeting_booked` for the sales team, with the meeting's address at the scheduler
 * (`eventUri`, from the scheduler's own message), which the server confirms there before the booking
 * counts, and the name of the rep whose scheduler the page showed (`rep`, none for the team's). Its
 * prospect is `slug` (a prospect's own page), else this visit's: the one whose
 * page this tab opened last (the widget on our prospect pages counts opens in the same tab's visit,
 * and a prospect reaches the scheduler on `/` from their page). Nothing when the tab opened none, or
 * only the general demo. Sent at once: a visitor who has just booked may close the tab.
 * Imported lazily, when a booking is reported, so it adds nothing to a page's first load.
 */
export function reportMeetingBooked(
  eventUri: string,
  slug: string | null = getLastOpened(),
  rep?: string,
): void {
  if (!slug) return
  const reporter = getEngagementReporter(getApiUrl(EVENTS_PATH))
  reporter.report({ name: 'meeting_booked', slug, eventUri, ...(rep ? { rep } : {}) })
  reporter.flush()
}
