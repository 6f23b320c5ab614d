import type { AgentSettings } from '#core/agent-settings.ts'

/**
 * The port the browser-call demo talks to. `create-vapi-client.ts` implements it over the Vapi web SDK,
 * fetched as a lazy chunk on intent (`connect-voice.ts`); without one the demo store says calls are
 * not available.
 */
export interface VoiceClient {
  /**
   * Starts a call; resolves once it is joined, `call-start` reports when the assistant listens. Rejects
   * with an Error whose message is safe to show. A start while a call is under way is refused: it
   * resolves without doing anything.
   */
  start(options: VoiceCallOptions): Promise<void>
  /** Ends the call; `call-end` follows. A stop while connecting is honoured once connected. */
  stop(): Promise<void>
  setMuted(muted: boolean): void
  /** The visitor's microphone track while a call is live, for the level meter; null otherwise. */
  getMicrophoneTrack(): MediaStreamTrack | null
  /** The platform's id of the call once it is joined, which its tool calls carry; null before, or unknown. */
  callId?(): string | null
  /** Subscribes to an event; returns the function that unsubscribes. */
  on<E extends VoiceClientEvent>(event: E, handler: VoiceClientEvents[E]): () => void
}

/** What a call needs: the assistant, and the prospect's agent (the same one its phone call gets). */
export interface VoiceCallOptions {
  /** The prospect's own assistant, else the configured default. */
  assistantId: string | null
  /** First message, prompt, values, the metadata its end-of-call report carries back, no recording. */
  agent: AgentSettings
}

/** One line of the live transcript: a partial one grows until the final one replaces it. */
export interface TranscriptLine {
  speaker: 'agent' | 'visitor'
  text: string
  final: boolean
}

export interface VoiceClientEvents {
  'call-start': () => void
  'call-end': () => void
  error: (error: unknown) => void
  /** The remote volume every ~100 ms, 0..1: min(1, summed level / 0.15). */
  'volume-level': (volume: number) => void
  /** What the agent or the visitor said, as the platform transcribes it. */
  transcript: (line: TranscriptLine) => void
}

export type VoiceClientEvent = keyof VoiceClientEvents
