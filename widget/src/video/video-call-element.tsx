import { render } from 'preact'
import { VideoCallButton } from './video-call-button.tsx'

/**
 * Builds the `<voice-video-call>` class: an open shadow root that adopts the widget's shared `sheet`
 * and renders the floating button while connected. Its attributes, `slug` (the prospect whose page
 * it is) and `api-base`, are read when a call starts, so they need no observing; removing the
 * element ends its call.
 */
export function createVideoCallElement(sheet: CSSStyleSheet): CustomElementConstructor {
  return class VoiceVideoCallElement extends HTMLElement {
    readonly #root = this.attachShadow({ mode: 'open' })

    constructor() {
      super()
      this.#root.adoptedStyleSheets = [sheet]
    }

    connectedCallback(): void {
      render(<VideoCallButton host={this} />, this.#root)
    }

    disconnectedCallback(): void {
      render(null, this.#root)
    }
  }
}
