/**
 * The port the browser-call demo talks to. The next issue implements it over the Vapi web SDK, loaded
 * as a lazy chunk on intent; until then the demo store runs without one and says calls are not
 * available yet.
 */
export interface VoiceClient {
  /** Starts a call; resolves once it is requested. `call-start` reports when it is live. */
  start(options: VoiceCallOptions): Promise<void>
  /** Ends the call; `call-end` follows. A stop while connecting is honoured once connected. */
  stop(): Promise<void>
  setMuted(muted: boolean): void
  /** Subscribes to an event; returns the function that unsubscribes. */
  on<E extends VoiceClientEvent>(event: E, handler: VoiceClientEvents[E]): () => void
}

/** What a call needs from the prospect record (SPEC §7.2). */
export interface VoiceCallOptions {
  /** The prospect's own assistant, else the configured default. */
  assistantId: string | null
  firstMessage: string
  /** The system prompt sent as the model's single system message. */
  system: string
}

export interface VoiceClientEvents {
  'call-start': () => void
  'call-end': () => void
  error: (error: unknown) => void
  /** The remote volume, 0..1 (SPEC §9: min(1, summed level / 0.15)). */
  'volume-level': (level: number) => void
  'speech-start': () => void
  'speech-end': () => void
}

export type VoiceClientEvent = keyof VoiceClientEvents
