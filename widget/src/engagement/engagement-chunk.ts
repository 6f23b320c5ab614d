import { type CallMetadata, EVENTS_PATH } from '#core/engagement.ts'
import { getEngagementReporter } from '#core/engagement-reporter.ts'
import { getVisitId } from '#core/engagement-visit.ts'
import { TEAM_BROWSER_COOKIE } from '#core/rep-api.ts'
import { apiUrl } from '../lib/fetch-api.ts'
import type { WidgetEvent } from './report-engagement.ts'

/**
 * The widget's engagement chunk, fetched after the first paint (report-engagement.ts): the browser's
 * reporter from core, given where the widget's API is and which kind of page it runs on.
 */
export function reportEvent(apiBase: string, event: WidgetEvent): void {
  const endpoint = eventsUrl(apiBase)
  if (!endpoint) return // a bad api-base: the panel already says so
  const reporter = getEngagementReporter(endpoint, surfaceOf(endpoint))
  if (event.name === 'page_opened') reporter.reportOpen(event.slug, surfaceOf(endpoint))
  else reporter.report(event)
}

/**
 * What a call about `slug` carries for the sales team: the tab's visit of that prospect, and whether
 * this is a signed-in rep's browser on our own pages (the team's test, never the prospect's).
 */
export function callMetadataFor(slug: string): Pick<CallMetadata, 'visitId' | 'team'> {
  const team = document.cookie.split(/;\s*/).includes(`${TEAM_BROWSER_COOKIE}=1`)
  return { visitId: getVisitId(slug), ...(team ? { team: true } : {}) }
}

/** `{apiBase}/api/events`, resolved as every other request of the widget; null for a bad api-base. */
function eventsUrl(apiBase: string): string | null {
  try {
    return apiUrl(EVENTS_PATH.slice(1), apiBase).href
  } catch {
    return null
  }
}

/**
 * `site` on our own pages, `embed` on a partner's. Our site serves the widget's script, and may serve
 * the API too; a partner's page is on another origin than both. (With the site on one origin and the
 * API on another, comparing with the API's alone would call our own pages partners' pages.)
 */
function surfaceOf(endpoint: string): 'site' | 'embed' {
  const ours = [new URL(import.meta.url).origin, new URL(endpoint).origin]
  return ours.includes(location.origin) ? 'site' : 'embed'
}
