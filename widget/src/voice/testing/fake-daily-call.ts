import { createRequire } from 'node:module'

type Handler = (event?: unknown) => void

/** The participant the SDK plays: it only attaches audio from the user named 'Vapi Speaker'. */
export const ASSISTANT = { session_id: 'assistant-1', user_name: 'Vapi Speaker', local: false }

/**
 * A stand-in for daily-js's call object with the methods `@vapi-ai/web` calls, and helpers that fire
 * the events Daily would. Like Daily, `destroy()` leaves a joined meeting, which fires `left-meeting`.
 */
export class FakeDailyCall {
  readonly handlers = new Map<string, Set<Handler>>()
  readonly joins: unknown[] = []
  readonly appMessages: unknown[] = []
  localAudioEnabled = true
  /** What Daily hands out as the local participant's audio track (a stand-in object in happy-dom). */
  readonly microphoneTrack = { kind: 'audio', id: 'microphone' } as unknown as MediaStreamTrack
  destroyed = false
  joined = false
  /** Makes `join()` wait for this promise (to stop while connecting) or fail. */
  joinGate: Promise<void> = Promise.resolve()

  constructor(readonly options: unknown) {}

  on(event: string, handler: Handler): this {
    const set = this.handlers.get(event) ?? new Set()
    this.handlers.set(event, set)
    set.add(handler)
    return this
  }
  once(event: string, handler: Handler): this {
    const wrapped: Handler = (payload) => {
      this.off(event, wrapped)
      handler(payload)
    }
    return this.on(event, wrapped)
  }
  off(event: string, handler: Handler): this {
    this.handlers.get(event)?.delete(handler)
    return this
  }
  emit(event: string, payload?: unknown): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(payload)
  }

  iframe(): null {
    return null
  }
  async join(options: unknown): Promise<void> {
    this.joins.push(options)
    await this.joinGate
    this.joined = true
    this.emit('joined-meeting', {})
  }
  async destroy(): Promise<void> {
    if (this.destroyed) return // the SDK destroys again from its own left-meeting handler
    this.destroyed = true
    const wasJoined = this.joined
    this.joined = false
    if (wasJoined) this.emit('left-meeting', { action: 'left-meeting' })
  }
  async updateInputSettings(): Promise<void> {}
  async startLocalAudioLevelObserver(): Promise<void> {}
  startRemoteParticipantsAudioLevelObserver(): void {}
  updateParticipant(): this {
    return this
  }
  setLocalAudio(enabled: boolean): this {
    this.localAudioEnabled = enabled
    return this
  }
  participants() {
    return {
      local: {
        session_id: 'local',
        local: true,
        tracks: { audio: { persistentTrack: this.microphoneTrack } },
      },
    }
  }
  localAudio(): boolean {
    return this.localAudioEnabled
  }
  sendAppMessage(data: unknown): this {
    this.appMessages.push(data)
    return this
  }
  stopRecording(): void {}

  /** What the assistant says: 'listening' starts the call, JSON strings are server messages. */
  sendFromServer(data: unknown): void {
    this.emit('app-message', { data: typeof data === 'string' ? data : JSON.stringify(data) })
  }
  /** Daily's remote audio levels, sampled every 100 ms during a call. */
  emitRemoteLevels(participantsAudioLevel: Record<string, number>): void {
    this.emit('remote-participants-audio-level', { participantsAudioLevel })
  }
  /** The assistant's audio track arrives: the SDK builds an `<audio>` element for it. */
  startAssistantAudio(): void {
    const track = { kind: 'audio', id: 'assistant-audio' }
    this.emit('track-started', { participant: ASSISTANT, track })
  }
  /** The assistant hangs up: it leaves, the room is deleted and the visitor is ejected. */
  endFromServer(): void {
    this.emit('participant-left', { participant: ASSISTANT })
    this.joined = false
    this.emit('left-meeting', { action: 'left-meeting' })
  }
}

/**
 * Replaces `DailyIframe.createCallObject` for the SDK. `@vapi-ai/web` ships CommonJS and reads the
 * factory off daily-js's default export at call time, so patching that same module instance (loaded
 * through Node's `require`, as the SDK loads it) injects the fake without mocking the SDK.
 */
export function installFakeDaily(onCreate?: (call: FakeDailyCall) => void): {
  calls: FakeDailyCall[]
  restore: () => void
} {
  type Factory = { createCallObject: (options: unknown) => unknown }
  // daily-js's CommonJS build exports the class itself; the SDK's `__importDefault` wraps it as `.default`.
  const required = createRequire(import.meta.url)('@daily-co/daily-js') as Factory & { default?: Factory }
  const daily = required.default ?? required
  const original = daily.createCallObject
  const calls: FakeDailyCall[] = []
  daily.createCallObject = (options: unknown) => {
    const call = new FakeDailyCall(options)
    calls.push(call)
    onCreate?.(call)
    return call
  }
  const restore = () => {
    daily.createCallObject = original
  }
  return { calls, restore }
}
