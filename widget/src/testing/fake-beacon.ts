import { type BrowserEvent, EVENTS_PATH, type EventBatch } from '#core/engagement.ts'

/**
 * The page's beacons, accepted as a browser does: the engagement batches (to `/api/events`) with
 * their bodies parsed. `restore()` takes the fake away again (happy-dom has no beacon).
 */
export function fakeBeacon() {
  const batches: Array<{ url: string; batch: EventBatch }> = []
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string | URL, body?: BodyInit | null) => {
      if (String(url).endsWith(EVENTS_PATH)) {
        batches.push({ url: String(url), batch: JSON.parse(String(body)) as EventBatch })
      }
      return true
    },
  })
  return {
    batches,
    /** Every event sent so far, in order; only `slug`'s when given. */
    events: (slug?: string): BrowserEvent[] =>
      batches.flatMap(({ batch }) => batch.events).filter((event) => !slug || event.slug === slug),
    restore: () => Reflect.deleteProperty(navigator, 'sendBeacon'),
  }
}

/** The page is left: the reporter sends what it holds, at once. */
export const leavePage = () => dispatchEvent(new Event('pagehide'))
/** Back from the back-forward cache: the reporter batches again. */
export const showPage = () => dispatchEvent(new Event('pageshow'))
