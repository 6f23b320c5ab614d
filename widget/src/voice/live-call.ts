import { createStore, type StoreApi } from 'zustand/vanilla'
import type { TranscriptLine } from './voice-client.ts'

/** The last line each side said; a partial one is replaced as the words come in. */
export interface Captions {
  agent: TranscriptLine | null
  visitor: TranscriptLine | null
}

/** What the panel shows during a browser call, besides its buttons. */
export interface LiveCallState {
  /** `Date.now()` when the call went live; null before. */
  startedAt: number | null
  /** The agent is speaking, as the audio worker's speech detector hears it. */
  speaking: boolean
  captions: Captions
  /** The visitor turned the captions off; kept for the element's next call. */
  captionsHidden: boolean
}

export type LiveCallStore = StoreApi<LiveCallState>

const NO_CAPTIONS: Captions = { agent: null, visitor: null }

export const createLiveCallStore = (): LiveCallStore =>
  createStore<LiveCallState>()(() => ({
    startedAt: null,
    speaking: false,
    captions: NO_CAPTIONS,
    captionsHidden: false,
  }))

/** A new call: the clock starts, nobody speaks yet, no captions. */
export const startLiveCall = (live: LiveCallStore, now = Date.now()): void =>
  live.setState({ startedAt: now, speaking: false, captions: NO_CAPTIONS })

/** A transcript line replaces its speaker's last one. */
export function addTranscript(live: LiveCallStore, line: TranscriptLine): void {
  live.setState(({ captions }) => ({ captions: { ...captions, [line.speaker]: line } }))
}

/** "0:07", "1:42", "12:05": a call's elapsed time. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
