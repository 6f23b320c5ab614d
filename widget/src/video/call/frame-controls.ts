import type { DailyCall, DailyCallFactory } from '@daily-co/daily-js'
import { LOG_PREFIX } from '../../lib/log-prefix.ts'

/** Mute and camera for the conversation in the overlay's frame. Never throws: failures are logged. */
export interface FrameControls {
  setMuted(muted: boolean): void
  setCamera(enabled: boolean): void
  /** Leaves the call (Daily) and stops listening. */
  destroy(): void
}

export type LoadDaily = () => Promise<Pick<DailyCallFactory, 'wrap'>>

export interface FrameControlOptions {
  /** The call inside the frame ended on its own (left in Daily's UI, or ended by the platform). */
  onLeft?: () => void
  /** daily-js, fetched only for Daily rooms; injectable for tests. */
  loadDaily?: LoadDaily | undefined
}

/** daily-js, with its reports to Daily's error tracker switched off (lib/daily-error-reports.ts). */
const loadDailyJs: LoadDaily = () =>
  import('../../lib/daily-error-reports.ts').then(({ switchOffDailyErrorReports }) => {
    switchOffDailyErrorReports()
    return import('@daily-co/daily-js').then((module) => module.default)
  })

/** Daily rooms (Tavus's are `https://tavus.daily.co/…`) are driven through daily-js's frame API. */
export const isDailyRoom = (url: string): boolean => {
  const host = new URL(url).hostname
  return host === 'daily.co' || host.endsWith('.daily.co')
}

const logFailure = (what: string) => (error: unknown) =>
  console.warn(`${LOG_PREFIX} the video call frame could not ${what}.`, error)

/**
 * `{ type: 'toggleMute', muted }` and `{ type: 'toggleCamera', enabled }` posted to the
 * conversation page, addressed to its origin only (never `*`: another page in the frame must not
 * read them). Only changes are sent; the call starts unmuted with the camera on.
 */
function createMessageControls(iframe: HTMLIFrameElement, url: string): FrameControls {
  const origin = new URL(url).origin
  const sent = { muted: false, enabled: true }
  const post = (
    message: { type: 'toggleMute'; muted: boolean } | { type: 'toggleCamera'; enabled: boolean },
  ) => {
    try {
      iframe.contentWindow?.postMessage(message, origin)
    } catch (error) {
      logFailure(`receive '${message.type}'`)(error)
    }
  }
  return {
    setMuted(muted) {
      if (muted === sent.muted) return
      sent.muted = muted
      post({ type: 'toggleMute', muted })
    },
    setCamera(enabled) {
      if (enabled === sent.enabled) return
      sent.enabled = enabled
      post({ type: 'toggleCamera', enabled })
    },
    destroy() {},
  }
}

/**
 * A Daily room: daily-js wraps the frame and joins the room in it, so `setLocalAudio` and
 * `setLocalVideo` really switch the microphone and camera. `allowMultipleCallInstances`: a browser
 * voice call (daily-js's call object, through Vapi) may run on the same page.
 */
function createDailyControls(
  iframe: HTMLIFrameElement,
  url: string,
  options: FrameControlOptions,
): FrameControls {
  const wanted = { muted: false, enabled: true }
  let call: DailyCall | null = null
  let destroyed = false
  const onLeft = () => options.onLeft?.()
  const apply = (change: (joined: DailyCall) => void, what: string) => {
    try {
      if (call) change(call)
    } catch (error) {
      logFailure(what)(error)
    }
  }
  ;(options.loadDaily ?? loadDailyJs)()
    .then((Daily) => {
      if (destroyed) return
      call = Daily.wrap(iframe, { allowMultipleCallInstances: true })
      call.on('left-meeting', onLeft)
      return call.join({ url, startAudioOff: wanted.muted, startVideoOff: !wanted.enabled })
    })
    .catch((error: unknown) => {
      logFailure('start the call')(error)
      // Show the room anyway; its own controls still work.
      if (!destroyed && !call) iframe.src = url
    })
  return {
    setMuted(muted) {
      wanted.muted = muted
      apply((joined) => joined.setLocalAudio(!muted), 'mute')
    },
    setCamera(enabled) {
      wanted.enabled = enabled
      apply((joined) => joined.setLocalVideo(enabled), 'switch the camera')
    },
    destroy() {
      destroyed = true
      if (!call) return
      call.off('left-meeting', onLeft)
      call.destroy().catch(logFailure('leave'))
      call = null
    },
  }
}

/** The controls for the conversation at `url` shown in `iframe`. */
export function createFrameControls(
  iframe: HTMLIFrameElement,
  url: string,
  options: FrameControlOptions = {},
): FrameControls {
  return isDailyRoom(url) ? createDailyControls(iframe, url, options) : createMessageControls(iframe, url)
}
