import { API_GLOBAL } from './public-api.ts'

type QueuedApi = ((...args: unknown[]) => void) & { q?: ArrayLike<unknown>[]; ready?: true }

/**
 * Makes `window.VoiceDemo(...)` live: the snippet's (or widget.mjs's) stub queued calls in `.q`; they
 * run now, in order, then every call runs as it comes. The commands themselves are a lazy chunk,
 * fetched on the first call, so a page that never calls the API pays a few bytes for it.
 */
export function installHostApi(): void {
  const host = window as unknown as Record<string, QueuedApi | undefined>
  const stub = host[API_GLOBAL]
  if (stub?.ready) return // the snippet was pasted twice
  const api: QueuedApi = (...args) => void import('./host-api.ts').then(({ runCommand }) => runCommand(args))
  api.ready = true
  host[API_GLOBAL] = api
  for (const args of stub?.q ?? []) api(...Array.from(args))
}
