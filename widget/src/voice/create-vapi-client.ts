import Vapi from '@vapi-ai/web'
import { toAssistantOverrides } from '#core/agent-settings.ts'
import type { VoiceConfig } from '#core/public-config.ts'
import { switchOffDailyErrorReports } from '../lib/daily-error-reports.ts'
import { CALL_TEXT } from './call-text.ts'
import { fixSrcdocPostMessage } from './srcdoc-post-message.ts'
import { createStartError, isMicrophoneRefusal } from './start-errors.ts'
import type { TranscriptLine, VoiceCallOptions, VoiceClient } from './voice-client.ts'
import { createVoiceEvents } from './voice-events.ts'

type AssistantOverrides = NonNullable<Parameters<Vapi['start']>[1]>

/**
 * The SDK's class. `@vapi-ai/web` is CommonJS (`exports.default = Vapi`, flagged `__esModule`). Our
 * package is `"type": "module"`, so the widget build applies Node's interop, where the default import
 * is the whole `module.exports` and `new` on it throws "… is not a constructor"; Vitest unwraps it.
 */
const VapiClass: typeof Vapi = (Vapi as unknown as { default?: typeof Vapi }).default ?? Vapi

// Before any call: the SDK's transport reports nothing to Daily's error tracker (lib/daily-error-reports.ts).
switchOffDailyErrorReports()

/** SDK errors after which the call goes on (audio processing, recording, an autoplay refusal). */
const NONFATAL_ERRORS = new Set([
  'audio-processing-setup-error',
  'audio-processor-recovery-error',
  'audio-observer-setup-error',
  'video-recording-setup-error',
  'audio-start-failed',
])

type Phase = 'idle' | 'starting' | 'live' | 'stopping'

/** A message the platform sends the browser during a call (the fields read here). */
interface PlatformMessage {
  type?: unknown
  status?: unknown
  role?: unknown
  transcriptType?: unknown
  transcript?: unknown
}

/**
 * A transcript message as a line: `{ type: 'transcript', role: 'assistant' | 'user', transcriptType:
 * 'partial' | 'final', transcript }`. Newer platform versions name the type
 * `transcript[transcriptType="final"]`; both are read.
 */
export function readTranscript(message: PlatformMessage | null): TranscriptLine | null {
  const { type, role, transcriptType, transcript } = message ?? {}
  if (typeof type !== 'string' || !type.startsWith('transcript') || typeof transcript !== 'string')
    return null
  if (role !== 'assistant' && role !== 'user') return null
  const text = transcript.trim()
  if (text === '') return null
  return { speaker: role === 'assistant' ? 'agent' : 'visitor', text, final: transcriptType === 'final' }
}

/**
 * The call's overrides: the prospect's agent as every channel sends it (core/agent.ts), typed as the
 * SDK's (its model type is a union of every provider's; ours is the configured one).
 */
export const buildOverrides = (config: VoiceConfig, options: VoiceCallOptions): AssistantOverrides =>
  toAssistantOverrides(options.agent, config.model) as AssistantOverrides

/**
 * The `VoiceClient` over one `Vapi` instance. It covers what the SDK leaves to its caller: without an
 * `error` listener a failed start throws and the instance stays "started"; a stop while connecting is
 * lost; `<audio>` elements outlive the call; daily-js `eval`s its call engine
 * unless told not to (host pages would need `unsafe-eval`). Load it lazily (`connect-voice.ts`).
 */
export function createVapiClient(config: VoiceConfig): VoiceClient {
  fixSrcdocPostMessage()
  const vapi = new VapiClass(config.publicKey, config.apiUrl, { avoidEval: true })
  const events = createVoiceEvents()
  const players = new Set<HTMLAudioElement>()
  let phase: Phase = 'idle'
  let starting: Promise<void> | undefined
  let stopRequested = false
  let endedWhileStarting = false
  let startFailures: unknown[] = []
  let joinedCallId: string | null = null

  /** Drops what the SDK leaves behind: its `<audio>` elements. */
  function releaseCall(): void {
    phase = 'idle'
    for (const player of players) player.remove()
    players.clear()
  }

  /** Ends our side of the call once, whichever of stop, participant-left or status-update came first. */
  function finishCall(): void {
    if (phase === 'idle') return
    releaseCall()
    events.emit('call-end')
  }

  /** A failing stop still frees the client (an error while stopping only resets the state). */
  async function stopSdk(): Promise<void> {
    phase = 'stopping'
    try {
      await vapi.stop()
    } catch (error) {
      releaseCall()
      throw error
    }
    finishCall()
  }

  // Registered before any start(): the SDK throws out of start() when nothing listens to `error`.
  vapi.on('error', (error: unknown) => {
    if (phase === 'starting') return void startFailures.push(error)
    const type = (error as { type?: unknown } | null)?.type
    // An error while the call is ending (stopped by the visitor or ended by the server) only
    // lets it end; `call-end` follows as usual.
    if (phase !== 'live' || (typeof type === 'string' && NONFATAL_ERRORS.has(type))) {
      return console.warn('[voice-demo] voice call warning', error)
    }
    console.error('[voice-demo] voice call failed', error)
    // A live call that fails says 'Failed to connect to voice assistant'; the SDK's own
    // details are for the console, not the visitor.
    events.emit('error', new Error(CALL_TEXT.failedBody, { cause: error }))
    stopSdk().catch(() => {})
  })
  // Daily reports a refused microphone here and may still join: the call would be silent.
  vapi.on('camera-error', (error: unknown) => {
    if (!isMicrophoneRefusal(error)) return
    if (phase === 'starting') return void startFailures.push(error)
    if (phase !== 'live') return
    events.emit('error', createStartError([error]))
    stopSdk().catch(() => {})
  })
  vapi.on('call-start', () => {
    if (phase !== 'idle' && !stopRequested) events.emit('call-start')
  })
  vapi.on('call-end', () => {
    if (phase === 'starting') endedWhileStarting = true
    else finishCall()
  })
  vapi.on('message', (message: PlatformMessage | null) => {
    const line = readTranscript(message)
    if (line && phase === 'live') return events.emit('transcript', line)
    // The server's status-update `ended` ends the call even before the participant leaves.
    if (message?.type !== 'status-update' || message.status !== 'ended') return
    if (phase === 'starting') endedWhileStarting = true
    else if (phase === 'live') stopSdk().catch(() => {})
  })
  vapi.on('audio', (player: HTMLAudioElement) => {
    if (phase === 'idle') player.remove()
    else players.add(player)
  })
  // Speech is detected from these levels by the widget's audio worker, not by the SDK's own timer
  // (which outlives the call); nothing listens to the SDK's speech events, so none leaks after call-end.
  vapi.on('volume-level', (volume: number) => {
    if (phase !== 'idle') events.emit('volume-level', volume)
  })

  async function runStart(assistantId: string, options: VoiceCallOptions): Promise<void> {
    let joined: unknown = null
    try {
      joined = await vapi.start(assistantId, buildOverrides(config, options))
    } catch (error) {
      startFailures.push(error)
    }
    const refused = startFailures.some((failure) => isMicrophoneRefusal(failure))
    if (joined && !refused && !stopRequested && !endedWhileStarting) {
      phase = 'live'
      const id = (joined as { id?: unknown }).id
      joinedCallId = typeof id === 'string' ? id : null
      return
    }
    // Still 'starting' while leaving: the SDK's call-end from this leave is not the visitor's call ending.
    await vapi.stop().catch(() => {})
    if (stopRequested || (joined && !refused)) return finishCall()
    releaseCall()
    throw createStartError(startFailures.length > 0 ? startFailures : [new Error('start returned null')])
  }

  return {
    start(options) {
      if (phase !== 'idle') return Promise.resolve() // a second start is refused
      const assistantId = options.assistantId ?? config.defaultAssistantId
      if (!assistantId) return Promise.reject(createStartError([new Error('no assistant configured')]))
      phase = 'starting'
      joinedCallId = null
      stopRequested = false
      endedWhileStarting = false
      startFailures = []
      starting = runStart(assistantId, options)
      return starting
    },
    async stop() {
      if (phase === 'idle') return
      if (phase === 'starting') {
        stopRequested = true // honoured as soon as start() settles
        await starting?.catch(() => {})
        return
      }
      await stopSdk()
    },
    callId: () => joinedCallId,
    setMuted(muted) {
      if (phase === 'live') vapi.setMuted(muted)
    },
    getMicrophoneTrack() {
      if (phase !== 'live') return null
      const local = vapi.getDailyCallObject()?.participants().local
      return local?.tracks.audio.persistentTrack ?? null
    },
    on: events.on,
  }
}
