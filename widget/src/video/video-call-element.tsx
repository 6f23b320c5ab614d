import { ELEMENT_ATTRIBUTES } from '../api/public-api.ts'
import { WidgetElement } from '../element/widget-element.ts'

/**
 * `<voice-video-call>`: the floating video-call button. `slug` (the prospect whose page it is) and
 * `api-base` are read when a call starts. Removing the element ends its call. The boot draws nothing:
 * the button shows once the server says it runs video calls (video-call-behaviour.tsx).
 */
export class VoiceVideoCallElement extends WidgetElement {
  static observedAttributes = ELEMENT_ATTRIBUTES['voice-video-call']

  protected paint(): void {}
}
