/**
 * Requests the boot sends before the rest of the widget has arrived (the prospect's answer, in
 * parallel with the import of the rest), kept by URL until the rest's first `fetch` of the same URL
 * takes them: the answer is then already on its way, or here, instead of asked for one round trip
 * later. Each is taken once (a response body is read once); a second caller asks the network.
 */
const early = new Map<string, Promise<Response>>()

/** Sends `GET url` now, unless it is already on its way. */
export function sendEarly(url: string): void {
  if (early.has(url)) return
  const response = fetch(url)
  // A request nobody takes (its element left the page) must not report an unhandled rejection.
  response.catch(() => {})
  early.set(url, response)
}

/** The early `GET url`, if one was sent and not yet taken; the caller reads its answer. */
export function takeEarly(url: string): Promise<Response> | undefined {
  const response = early.get(url)
  early.delete(url)
  return response
}
