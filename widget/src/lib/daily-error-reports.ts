import Daily from '@daily-co/daily-js'

/**
 * daily-js (the browser voice call's transport through the voice platform's SDK, and the video
 * call's frame) reports some failures to Daily's own error tracker (Sentry) from the visitor's
 * browser: a call bundle that did not load, a room that does not exist. Such a report carries the
 * page's address and a session id to a third party the visitor never chose. The widget talks only
 * to the hosts its privacy text and its CSP recipe name, so the reports are switched off: daily-js
 * has no option for it, and this replaces its one reporting method (`_maybeSendToSentry`, in the
 * pinned version: a test fails should an upgrade rename it) with one that sends nothing. The failure
 * itself still reaches the widget as daily-js's error event, and the visitor still sees it.
 */
export function switchOffDailyErrorReports(factory: unknown = Daily): boolean {
  const prototype = (factory as { prototype?: Record<string, unknown> } | null)?.prototype
  if (typeof prototype?._maybeSendToSentry !== 'function') return false
  prototype._maybeSendToSentry = () => {}
  return true
}
