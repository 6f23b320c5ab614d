import { createAgentSettings } from '#core/agent-settings.ts'
import type { CallMetadata } from '#core/engagement.ts'
import { followCall } from '../actions/follow-call.tsx'
import { createLevelMeter, type LevelMeter } from '../audio/create-level-meter.ts'
import { FULL_VOLUME_LEVEL } from '../audio/levels.ts'
import { readMicrophone } from '../audio/read-microphone.ts'
import type { BrowserCall, CallHost } from '../state/demo-state.ts'
import { CALL_TEXT, describeCallError, describeStartFailure } from './call-text.ts'
import { addTranscript, createLiveCallStore, startLiveCall } from './live-call.ts'
import type { VoiceClient } from './voice-client.ts'

/** Where the call's engagement events go (the element's API), and what its metadata says for the team. */
export interface CallEngagement {
  apiBase: string
  /**
   * The tab's visit of the prospect and whether this is the team's own test (engagement-chunk.ts);
   * null when the engagement chunk did not load: the call goes on, its report linked to the prospect alone.
   */
  metadataFor: ((slug: string) => Pick<CallMetadata, 'visitId' | 'team'>) | null
}

/** The longest call the events' contract takes, in seconds. */
const MAX_CALL_SECONDS = 86400

/**
 * The browser call's state machine (idle → connecting → connected → stopping → idle) over a
 * `VoiceClient`, and what the panel shows while it is live (`View`). Part of the lazy call chunk: the
 * first paint only knows the store's `call` field and the `BrowserCall` port.
 *
 * The meter lives as long as the view shows its canvas. It is live only while the call is connected:
 * the remote level and the visitor's microphone frames go to it, and the agent's speech start and end
 * come back from its detector (above 0.01, until 1 s below), for the view and the host page.
 *
 * For the sales team, the call reports `demo_call_started` once it is live and `demo_call_ended` with
 * the seconds it was live, however it ends (the visitor, the assistant, an error, the element removed).
 */
export function createBrowserCall(
  { store, emit, report }: CallHost,
  client: VoiceClient,
  { apiBase, metadataFor }: CallEngagement,
): BrowserCall {
  const { setState: set, getState: get } = store
  const live = createLiveCallStore()
  let meter: LevelMeter | null = null
  let stopMicrophone: (() => void) | null = null
  /** The prospect of the latest call, and when it went live (null: not live). */
  let slug = ''
  let liveSince: number | null = null
  /** Stops showing what the agent does in the latest call (the list shown stays). */
  let stopFollowing = () => {}

  function reportEnded(): void {
    if (liveSince === null) return
    const seconds = Math.min(MAX_CALL_SECONDS, Math.round((Date.now() - liveSince) / 1000))
    liveSince = null
    report?.(apiBase, { name: 'demo_call_ended', slug, seconds })
  }

  /** Feeds the meter while the call is connected; called whenever either of the two changes. */
  function syncLevels(): void {
    const connected = get().call === 'connected' && meter !== null
    if (connected && !stopMicrophone) {
      meter?.setLive(true)
      const track = client.getMicrophoneTrack()
      stopMicrophone = track
        ? readMicrophone(new MediaStream([track]), (frame, time) => meter?.pushMicrophone(frame, time))
        : () => {}
    } else if (!connected && stopMicrophone) {
      stopMicrophone()
      stopMicrophone = null
      meter?.setLive(false)
    }
  }

  /** Back to idle; true when a call was under way. A speech still open ends before the call does. */
  function endCall(): boolean {
    const wasActive = get().call !== 'idle'
    reportEnded()
    set({ call: 'idle', muted: false })
    syncLevels()
    if (live.getState().speaking) {
      live.setState({ speaking: false })
      emit('speech-end')
    }
    return wasActive
  }

  /** Draws the levels on the view's canvas from its mount until its unmount. */
  function attachMeter(canvas: HTMLCanvasElement): () => void {
    let detached = false
    let unsubscribe = () => {}
    createLevelMeter(canvas).then((created) => {
      if (detached) return created.close()
      meter = created
      canvas.dataset.mode = created.mode
      unsubscribe = created.onSpeech((event) => {
        live.setState({ speaking: event === 'speech-start' })
        emit(event)
      })
      syncLevels()
    })
    return () => {
      detached = true
      unsubscribe()
      stopMicrophone?.()
      stopMicrophone = null
      meter?.close()
      meter = null
    }
  }

  const unsubscribes = [
    client.on('call-start', () => {
      startLiveCall(live)
      liveSince = Date.now()
      report?.(apiBase, { name: 'demo_call_started', slug })
      set({ call: 'connected' })
      get().showToast(CALL_TEXT.connectedTitle, CALL_TEXT.connectedBody)
      emit('call-start')
      syncLevels()
    }),
    client.on('call-end', () => {
      if (!endCall()) return
      get().showToast(CALL_TEXT.disconnectedTitle, CALL_TEXT.disconnectedBody)
      emit('call-end')
    }),
    client.on('error', (error) => {
      const { call } = get()
      if (!endCall()) return
      if (call === 'stopping') return emit('call-end') // an error while stopping only resets
      const message = describeCallError(error)
      get().showToast(CALL_TEXT.failedTitle, message, 'destructive')
      emit('error', message)
      if (call === 'connected') emit('call-end')
    }),
    client.on('volume-level', (volume) => meter?.pushRemote(volume * FULL_VOLUME_LEVEL)),
    client.on('transcript', (line) => addTranscript(live, line)),
  ]

  return {
    start(prospect) {
      slug = prospect.slug
      const { visitId = null, team } = metadataFor?.(slug) ?? {}
      const metadata: CallMetadata = { prospectSlug: slug, visitId, source: 'browser', ...(team && { team }) }
      const agent = createAgentSettings(prospect, metadata)
      client.start({ assistantId: prospect.assistantId, agent }).then(
        () => {
          // Joined: what the agent does for the business during the call shows as it happens.
          const callId = client.callId?.()
          if (callId)
            stopFollowing = followCall(store, {
              apiBase,
              slug: prospect.slug,
              visitId,
              callId,
              companyName: prospect.companyName,
            })
        },
        (error: unknown) => {
          if (!endCall()) return // the client's error event already said so
          const message = describeStartFailure(error)
          get().showToast(CALL_TEXT.failedTitle, message, 'destructive')
          emit('error', message)
        },
      )
    },
    stop() {
      if (get().call !== 'connected') return
      set({ call: 'stopping' })
      // An error while stopping only resets to not connected.
      client.stop().catch(() => endCall())
    },
    toggleMute() {
      const { call, muted } = get()
      if (call !== 'connected') return
      client.setMuted(!muted)
      set({ muted: !muted })
    },
    live,
    attachMeter,
    dispose() {
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe()
      stopFollowing()
      reportEnded() // the element left the page mid-call: no call-end will come
      if (get().call !== 'idle') client.stop().catch(() => {})
      stopMicrophone?.()
      meter?.close()
      meter = null
    },
  }
}
