import { LOG_PREFIX } from '../loader/start-loader.ts'
import type { DemoStore } from '../state/demo-store.ts'
import {
  API_GLOBAL,
  PUBLIC_COMMANDS,
  PUBLIC_EVENTS,
  type PublicCommand,
  type PublicEvent,
} from './public-api.ts'
import { STORE_KEY } from './store-key.ts'

type Handler = (detail: unknown) => void
const listeners = new Map<Handler, Map<PublicEvent, EventListener>>()

const warn = (message: string) => console.warn(`${LOG_PREFIX} ${API_GLOBAL}(): ${message}`)
const isCommand = (value: unknown): value is PublicCommand =>
  typeof value === 'string' && Object.hasOwn(PUBLIC_COMMANDS, value)
const isEvent = (value: unknown): value is PublicEvent =>
  typeof value === 'string' && Object.hasOwn(PUBLIC_EVENTS, value)

/** The `<voice-demo>` a command is for: the one showing `slug`, else the first on the page. */
function findStore(options: unknown): DemoStore | null {
  const slug = (options as { slug?: unknown } | null)?.slug
  const panels = [...document.querySelectorAll('voice-demo')]
  const panel =
    typeof slug === 'string'
      ? panels.find((element) => (element.getAttribute('slug') || 'visitor') === slug)
      : panels[0]
  const store = (panel as { [STORE_KEY]?: DemoStore } | undefined)?.[STORE_KEY]
  if (!store)
    warn(
      typeof slug === 'string'
        ? `no <voice-demo slug="${slug}"> on this page.`
        : 'no <voice-demo> on this page.',
    )
  return store ?? null
}

/**
 * Runs one host-page command (`VoiceDemo(name, …args)`). Lazy: the core only queues the calls and
 * imports this module on the first one. Never throws into the host page: a bad command, event or
 * handler is one console warning naming what is allowed.
 */
export function runCommand(args: ArrayLike<unknown>): void {
  const [name, first, second] = Array.from(args)
  try {
    if (!isCommand(name)) {
      warn(`unknown command ${JSON.stringify(name)}; use one of ${Object.keys(PUBLIC_COMMANDS).join(', ')}.`)
    } else if (name === 'on' || name === 'off') {
      subscribe(name, first, second)
    } else if (name === 'destroy') {
      destroy()
    } else {
      const store = findStore(first)?.getState()
      if (store && name === 'openPhoneDialog') store.openPhoneDialog()
      // Start only from idle and stop only a live call: the button's toggle must not flip the wrong way.
      else if (store && (name === 'startCall') === (store.call === 'idle')) store.toggleBrowserCall()
    }
  } catch (error) {
    warn(`${String(name)} failed: ${error instanceof Error ? error.message : String(error)}`)
  }
}

function subscribe(name: 'on' | 'off', event: unknown, handler: unknown): void {
  if (!isEvent(event)) {
    warn(`unknown event ${JSON.stringify(event)}; use one of ${Object.keys(PUBLIC_EVENTS).join(', ')}.`)
    return
  }
  if (typeof handler !== 'function') {
    warn(`${name}('${event}', handler) needs a function.`)
    return
  }
  const byEvent = listeners.get(handler as Handler) ?? new Map<PublicEvent, EventListener>()
  const type = `voice-demo:${event}`
  const existing = byEvent.get(event)
  if (name === 'off') {
    if (existing) document.removeEventListener(type, existing)
    byEvent.delete(event)
    return
  }
  if (existing) return // added once, like addEventListener
  const listener: EventListener = (domEvent) => {
    try {
      ;(handler as Handler)((domEvent as CustomEvent).detail)
    } catch (error) {
      console.error(`${LOG_PREFIX} a handler for '${event}' threw`, error)
    }
  }
  document.addEventListener(type, listener)
  listeners.set(handler as Handler, byEvent.set(event, listener))
}

function destroy(): void {
  for (const element of document.querySelectorAll('voice-demo, voice-video-call')) element.remove()
  for (const byEvent of listeners.values()) {
    for (const [event, listener] of byEvent) document.removeEventListener(`voice-demo:${event}`, listener)
  }
  listeners.clear()
}
