import { vi } from 'vitest'
import type { VoiceClient, VoiceClientEvent } from '../voice/voice-client.ts'

/** A voice client whose events the test fires by hand. */
export function createFakeVoiceClient() {
  const handlers = new Map<VoiceClientEvent, Set<(...args: unknown[]) => void>>()
  const client = {
    start: vi.fn(async () => {}),
    stop: vi.fn(async () => {}),
    setMuted: vi.fn(),
    getMicrophoneTrack: vi.fn((): MediaStreamTrack | null => null),
    /** The platform's id of the joined call: none unless a test says so. */
    callId: vi.fn((): string | null => null),
    on: (event, handler) => {
      const set = handlers.get(event) ?? new Set()
      handlers.set(event, set.add(handler as () => void))
      return () => set.delete(handler as () => void)
    },
  } satisfies VoiceClient
  const emit = (event: VoiceClientEvent, ...args: unknown[]) => {
    for (const handler of handlers.get(event) ?? []) handler(...args)
  }
  return { client, emit, listeners: () => [...handlers.values()].reduce((n, set) => n + set.size, 0) }
}
