import { FALLBACK_SLUG } from '#core/prospect.ts'
import type { VoiceDemoElement } from '../element/voice-demo-element.ts'
import { LOG_PREFIX } from '../lib/log-prefix.ts'
import { HOST_COMMANDS, HOST_EVENTS, type HostCommand, type HostEvent } from './host-vocabulary.ts'
import { API_GLOBAL, ELEMENT_ATTRIBUTES, EVENT_PREFIX } from './public-api.ts'

type Handler = (detail: unknown) => void
const listeners = new Map<Handler, Map<HostEvent, EventListener>>()

const warn = (message: string) => console.warn(`${LOG_PREFIX} ${API_GLOBAL}(): ${message}`)
const isCommand = (value: unknown): value is HostCommand => HOST_COMMANDS.some((command) => command === value)
const isEvent = (value: unknown): value is HostEvent => HOST_EVENTS.some((event) => event === value)

/** The `<voice-demo>` a command is for: the one showing `slug`, else the first on the page. */
function findPanel(options: unknown): VoiceDemoElement | null {
  const slug = (options as { slug?: unknown } | null)?.slug
  const panels = [...document.querySelectorAll<VoiceDemoElement>('voice-demo')]
  const panel =
    typeof slug === 'string'
      ? panels.find((element) => (element.getAttribute('slug') || FALLBACK_SLUG) === slug)
      : panels[0]
  if (!panel)
    warn(
      typeof slug === 'string'
        ? `no <voice-demo slug="${slug}"> on this page.`
        : 'no <voice-demo> on this page.',
    )
  return panel ?? null
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
      warn(`unknown command ${JSON.stringify(name)}; use one of ${HOST_COMMANDS.join(', ')}.`)
    } else if (name === 'on' || name === 'off') {
      subscribe(name, first, second)
    } else if (name === 'destroy') {
      destroy()
    } else {
      findPanel(first)?.[name]()
    }
  } catch (error) {
    warn(`${String(name)} failed: ${error instanceof Error ? error.message : String(error)}`)
  }
}

function subscribe(name: 'on' | 'off', event: unknown, handler: unknown): void {
  if (!isEvent(event)) {
    warn(`unknown event ${JSON.stringify(event)}; use one of ${HOST_EVENTS.join(', ')}.`)
    return
  }
  if (typeof handler !== 'function') {
    warn(`${name}('${event}', handler) needs a function.`)
    return
  }
  const byEvent = listeners.get(handler as Handler) ?? new Map<HostEvent, EventListener>()
  const type = `${EVENT_PREFIX}${event}`
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
  for (const element of document.querySelectorAll(Object.keys(ELEMENT_ATTRIBUTES).join())) element.remove()
  for (const byEvent of listeners.values()) {
    for (const [event, listener] of byEvent) document.removeEventListener(`${EVENT_PREFIX}${event}`, listener)
  }
  listeners.clear()
}
