/**
 * How a batch of engagement events leaves the page (browser only). `navigator.sendBeacon` first: the
 * browser delivers it even while the tab closes, and a string goes as `text/plain`, a "simple" request
 * that needs no CORS preflight. Where there is no beacon, or it refuses the body (its queue is full),
 * a `keepalive` fetch does the same job. No cookies are sent with the fetch and nothing is read back:
 * the answer changes nothing in the page. Never throws.
 */
export function sendEvents(url: string, body: string): void {
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return
  } catch {
    // A beacon the browser refused outright (a bad URL, a page being torn down): try the fetch.
  }
  try {
    fetch(url, {
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      body,
      headers: { 'Content-Type': 'text/plain' },
    }).catch(() => {})
  } catch {
    // No fetch either: the events are lost, the page goes on.
  }
}
