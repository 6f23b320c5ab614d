import type { ComponentType } from 'preact'

/** The video call: idle → connecting → active → ended → idle. */
export type VideoCallStatus = 'idle' | 'connecting' | 'active' | 'ended'

/**
 * What the floating button shows of the call. The call itself (state machine, overlay, frame) is a
 * lazy chunk; it hands the launcher this view on every change that matters to the button.
 */
export interface LauncherView {
  status: VideoCallStatus
  /** What the button shows instead of its icon while busy: a spinner and "Connecting to {name}...". */
  Busy?: ComponentType | undefined
  /** The overlay (a modal dialog), rendered by the launcher once the call chunk has arrived. */
  Overlay?: ComponentType | undefined
}

/** The call chunk's handle, one per `<voice-video-call>`. */
export interface VideoCallHandle {
  /** Starts a call for the element's current `slug` and `api-base`; ignored unless idle. */
  start(): void
  /** Ends a running call (or one still connecting) and stops listening; the element was removed. */
  dispose(): void
}

/** Fetches the call chunk and makes the element's call, which reports through `show`. */
export type LoadVideoCall = (
  host: HTMLElement,
  show: (view: LauncherView) => void,
) => Promise<VideoCallHandle>
