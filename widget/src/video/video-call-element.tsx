import { ELEMENT_ATTRIBUTES } from '../api/public-api.ts'
import type { Theme } from '../element/theme.ts'
import { WidgetElement } from '../element/widget-element.ts'
import { lazyPart } from '../lib/lazy-part.ts'
import { LOG_PREFIX } from '../lib/log-prefix.ts'

/**
 * The button's code is a chunk of its own, so the demo panel's first paint (the snippet's) never pays
 * for it. It shows nothing until the server says it runs video calls.
 */
const button = lazyPart(() => import('./video-call-button.tsx'))

/**
 * `<voice-video-call>`: the floating video-call button. `slug` (the prospect whose page it is) and
 * `api-base` are read when a call starts. Removing the element ends its call.
 */
export class VoiceVideoCallElement extends WidgetElement {
  static observedAttributes = ELEMENT_ATTRIBUTES['voice-video-call']

  protected view(theme: Theme) {
    const Button = button.get()?.VideoCallButton
    if (Button) return <Button host={this} theme={theme} />
    // Drawn again once the chunk is here (a render while it is on its way asks no second time).
    button.load().then(
      () => this.attributeChangedCallback(),
      (error: unknown) => console.warn(`${LOG_PREFIX} the video button failed to load.`, error),
    )
    return <div data-theme={theme} />
  }
}
