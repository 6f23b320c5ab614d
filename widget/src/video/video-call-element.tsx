import { render } from 'preact'
import { VideoCallButton } from './video-call-button.tsx'

/**
 * Builds the `<voice-video-call>` class: an open shadow root that adopts the widget's shared `sheet`
 * and renders the floating button while connected. It has no attributes yet; the video issue adds
 * them (and the overlay, as a lazy chunk fetched on intent).
 */
export function createVideoCallElement(sheet: CSSStyleSheet): CustomElementConstructor {
  return class VoiceVideoCallElement extends HTMLElement {
    readonly #root = this.attachShadow({ mode: 'open' })

    constructor() {
      super()
      this.#root.adoptedStyleSheets = [sheet]
    }

    connectedCallback(): void {
      render(<VideoCallButton />, this.#root)
    }

    disconnectedCallback(): void {
      render(null, this.#root)
    }
  }
}
