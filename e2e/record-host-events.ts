import type { Page } from '@playwright/test'

/** The widget's events for the host page (docs/embedding.md, "Events for the host page"). */
const HOST_EVENTS = ['call-start', 'call-end', 'error', 'speech-start', 'speech-end'] as const
export type HostEvent = (typeof HOST_EVENTS)[number]

type Recorded = { type: string; slug: unknown }

/**
 * Listens on `document`, as a host page does, for every `voice-demo:*` event from before the widget
 * loads; `readHostEvents` lists their names in order.
 */
export async function recordHostEvents(page: Page): Promise<void> {
  await page.addInitScript((names) => {
    const events: Recorded[] = []
    Object.assign(window, { __hostEvents: events })
    for (const name of names) {
      document.addEventListener(`voice-demo:${name}`, (event) => {
        events.push({ type: name, slug: (event as CustomEvent<{ slug?: unknown }>).detail?.slug })
      })
    }
  }, HOST_EVENTS)
}

/** The events so far, by name; each one's `detail.slug` must be `slug`. */
export async function readHostEvents(page: Page, slug = 'bright-smile-dental'): Promise<string[]> {
  const events = await page.evaluate(() => (window as unknown as { __hostEvents: Recorded[] }).__hostEvents)
  for (const event of events) {
    if (event.slug !== slug) throw new Error(`voice-demo:${event.type} came with slug ${String(event.slug)}`)
  }
  return events.map((event) => event.type)
}
