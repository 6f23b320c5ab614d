import { vi } from 'vitest'
import type { VideoConversationResponse } from '#core/video-call.ts'
import { pageToast } from '../../../toast/page-toast.ts'
import { createVideoCallStore, type VideoCallDeps, type VideoCallState } from '../video-call-store.ts'

export const API = 'https://api.example'
/** The `<voice-video-call>` whose region shows the call's toasts. */
export const ELEMENT = { element: 'voice-video-call' }
/** The page's one toast, as the element's region shows it. */
export const toast = () => pageToast.getState().toast
export const ANSWER: VideoConversationResponse = {
  conversationId: 'conv-1',
  conversationUrl: 'https://tavus.daily.co/c1',
  maxDurationSeconds: 300,
}

/**
 * A call store for `ELEMENT` whose start answers `answer` (a promise a test may hold), recording the
 * start and end requests and the statuses it went through.
 */
export function setUpVideoCall(answer: () => Promise<VideoConversationResponse> = async () => ANSWER) {
  const ended: Array<[id: string, apiBase: string, transport: string]> = []
  const started: Array<string | undefined> = []
  const deps: VideoCallDeps = {
    startConversation: vi.fn(async (slug) => {
      started.push(slug)
      return answer()
    }),
    endConversation: vi.fn(async (id: string, apiBase: string, transport: string) => {
      ended.push([id, apiBase, transport])
    }),
    name: 'Anna',
    owner: ELEMENT,
  }
  const store = createVideoCallStore(deps)
  const statuses: VideoCallState['status'][] = []
  store.subscribe((state, previous) => {
    if (state.status !== previous.status) statuses.push(state.status)
  })
  return { store, ended, started, statuses, state: () => store.getState() }
}

/** Lets the start request's promise settle (under fake timers). */
export const settle = () => vi.advanceTimersByTimeAsync(0)
