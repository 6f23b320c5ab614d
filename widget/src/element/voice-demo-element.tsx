import { render } from 'preact'
import { VoiceDemo } from './voice-demo.tsx'

/** The public attributes of `<voice-demo>`; each is also a property (`api-base` as `apiBase`). */
export const VOICE_DEMO_ATTRIBUTES = ['slug', 'api-base'] as const

/**
 * Builds the `<voice-demo>` class: an open shadow root that adopts `sheet`, renders the panel while
 * connected and unmounts it (cancelling requests, dropping listeners) when removed from the page.
 * Properties mirror attributes, so React 19 (which sets properties) and plain HTML behave the same,
 * and `el.slug = null` removes the attribute rather than setting it to "null".
 */
export function createVoiceDemoElement(sheet: CSSStyleSheet): CustomElementConstructor {
  return class VoiceDemoElement extends HTMLElement {
    static observedAttributes = VOICE_DEMO_ATTRIBUTES
    readonly #root = this.attachShadow({ mode: 'open' })
    #mounted = false

    constructor() {
      super()
      this.#root.adoptedStyleSheets = [sheet]
    }

    get slug(): string | null {
      return this.getAttribute('slug')
    }
    set slug(value: string | null | undefined) {
      this.#reflect('slug', value)
    }
    get apiBase(): string | null {
      return this.getAttribute('api-base')
    }
    set apiBase(value: string | null | undefined) {
      this.#reflect('api-base', value)
    }

    connectedCallback(): void {
      // A property set before the element was defined is an own property hiding the accessor.
      for (const property of ['slug', 'apiBase'] as const) {
        if (!Object.hasOwn(this, property)) continue
        const value = this[property]
        delete (this as Partial<Record<typeof property, unknown>>)[property]
        this[property] = value
      }
      this.#mounted = true
      this.#render()
    }

    disconnectedCallback(): void {
      this.#mounted = false
      render(null, this.#root)
    }

    attributeChangedCallback(): void {
      // Not during the upgrade (attributes are reported before connectedCallback): one render, not two.
      if (this.#mounted) this.#render()
    }

    #reflect(attribute: string, value: string | null | undefined): void {
      if (value == null) this.removeAttribute(attribute)
      else this.setAttribute(attribute, String(value))
    }

    #render(): void {
      render(
        <VoiceDemo slug={this.slug ?? undefined} apiBase={this.apiBase ?? undefined} host={this} />,
        this.#root,
      )
    }
  }
}
