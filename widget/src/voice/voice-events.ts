import type { VoiceClientEvent, VoiceClientEvents } from './voice-client.ts'

type AnyHandler = (...values: never[]) => void

/** A small typed event hub. A throwing handler is logged, never allowed to break the call's bookkeeping. */
export function createVoiceEvents() {
  const handlers = new Map<VoiceClientEvent, Set<AnyHandler>>()
  return {
    on<E extends VoiceClientEvent>(event: E, handler: VoiceClientEvents[E]): () => void {
      const set = handlers.get(event) ?? new Set()
      handlers.set(event, set)
      set.add(handler)
      return () => void set.delete(handler)
    },
    emit<E extends VoiceClientEvent>(event: E, ...args: Parameters<VoiceClientEvents[E]>): void {
      for (const handler of [...(handlers.get(event) ?? [])]) {
        try {
          ;(handler as (...values: unknown[]) => void)(...args)
        } catch (error) {
          console.error(`[voice-demo] ${event} handler threw`, error)
        }
      }
    },
  }
}
