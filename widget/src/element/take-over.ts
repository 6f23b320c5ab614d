import { videoCallBehaviour } from '../video/video-call-behaviour.tsx'
import { VoiceVideoCallElement } from '../video/video-call-element.tsx'
import { demoBehaviour } from './demo-behaviour.tsx'
import { VoiceDemoElement } from './voice-demo-element.ts'
import { takeOverWaiting } from './widget-element.ts'

/**
 * Gives each element class its behaviour (the store and Preact's panel, the video button) and takes
 * over the elements the boot already drew, without changing what they show.
 */
export function takeOverElements(): void {
  VoiceDemoElement.behave = demoBehaviour
  VoiceVideoCallElement.behave = videoCallBehaviour
  takeOverWaiting()
}
