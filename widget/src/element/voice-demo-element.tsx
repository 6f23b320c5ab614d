import type { Theme } from './theme.ts'
import { VoiceDemo } from './voice-demo.tsx'
import { WidgetElement } from './widget-element.ts'

/** The public attributes of `<voice-demo>`; `slug` and `api-base` are also properties (`apiBase`). */
export const VOICE_DEMO_ATTRIBUTES = ['slug', 'api-base', 'theme', 'back-navigation'] as const
const PROPERTIES = ['slug', 'apiBase'] as const

/**
 * Builds the `<voice-demo>` class. Properties mirror attributes, so React 19 (which sets properties)
 * and plain HTML behave the same, and `el.slug = null` removes the attribute rather than setting it
 * to "null".
 */
export function createVoiceDemoElement(sheet: CSSStyleSheet): CustomElementConstructor {
  return class VoiceDemoElement extends WidgetElement {
    static observedAttributes = VOICE_DEMO_ATTRIBUTES

    constructor() {
      super(sheet)
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

    override connectedCallback(): void {
      // A property set before the element was defined is an own property hiding the accessor.
      for (const property of PROPERTIES) {
        if (!Object.hasOwn(this, property)) continue
        const value = this[property]
        delete (this as Partial<Record<typeof property, unknown>>)[property]
        this[property] = value
      }
      super.connectedCallback()
    }

    #reflect(attribute: string, value: string | null | undefined): void {
      if (value == null) this.removeAttribute(attribute)
      else this.setAttribute(attribute, String(value))
    }

    protected view(theme: Theme) {
      return (
        <VoiceDemo
          slug={this.slug ?? undefined}
          apiBase={this.apiBase ?? undefined}
          theme={theme}
          backNavigation={this.hasAttribute('back-navigation')}
          host={this}
        />
      )
    }
  }
}
