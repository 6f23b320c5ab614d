import { FALLBACK_SLUG, SLUG_PATTERN } from '#core/slug.ts'
import type { PanelCommand, PanelControls } from '../api/host-vocabulary.ts'
import {
  ELEMENT_ATTRIBUTES,
  PAGE_ANSWER_ATTRIBUTE,
  VOICE_DEMO_PROPERTIES,
  type VoiceDemoProperty,
} from '../api/public-api.ts'
import { apiBaseOf, apiUrl } from '../lib/api-url.ts'
import { sendEarly } from '../lib/early-requests.ts'
import { bootPanelMarkup } from './boot-panel.ts'
import { PRESSED_ATTRIBUTE } from './early-press.ts'
import { resolveTheme } from './theme.ts'
import { type ElementBehaviour, WidgetElement } from './widget-element.ts'

/** The demo panel's behaviour (element/demo-behaviour.tsx): the host API's commands, as the store's. */
export type DemoBehaviour = ElementBehaviour & PanelControls

/**
 * `<voice-demo slug="acme">`: the demo panel. The boot draws it at once (element/boot-panel.ts) and
 * asks for the prospect, while the rest of the widget (the store and Preact's panel,
 * demo-behaviour.tsx) is on its way. A click on a button, or a host command, before the rest has
 * arrived is kept (the last one) and done when it has, as if it had come then.
 */
export class VoiceDemoElement
  extends WidgetElement
  implements PanelControls, Record<VoiceDemoProperty, string | null>
{
  static observedAttributes = ELEMENT_ATTRIBUTES['voice-demo']
  // Accessors defined below, from the vocabulary's property list.
  declare slug: string | null
  declare apiBase: string | null
  #pending: PanelCommand | null = null
  /** Whether the boot has drawn the panel (or found it drawn) and keeps its clicks. */
  #painted = false

  // The host API's panel commands: each is the store's action of the same name.
  startCall(): void {
    this.#command('startCall')
  }
  stopCall(): void {
    this.#command('stopCall')
  }
  openPhoneDialog(): void {
    this.#command('openPhoneDialog')
  }

  #command(command: PanelCommand): void {
    const behaviour = this.behaviour as DemoBehaviour | null
    if (behaviour) behaviour[command]()
    else this.#pending = command
  }

  /** Keeps a press on one of the panel's buttons until the rest has arrived: the last one is done. */
  #keep(button: Element | null): void {
    if (button) this.#pending = button.hasAttribute('aria-haspopup') ? 'openPhoneDialog' : 'startCall'
  }

  override connectedCallback(): void {
    // A property set before the element was defined is an own property hiding the accessor.
    for (const property of Object.keys(VOICE_DEMO_PROPERTIES) as VoiceDemoProperty[]) {
      if (!Object.hasOwn(this, property)) continue
      const value = this[property]
      delete (this as Partial<Record<VoiceDemoProperty, unknown>>)[property]
      this[property] = value
    }
    super.connectedCallback()
    const pending = this.#pending
    if (pending && this.behaviour) {
      this.#pending = null
      this.#command(pending)
    }
  }

  /**
   * Before the rest of the widget has arrived, a change of the `theme` attribute (a page switching to
   * dark, or correcting the theme its HTML named) reaches the drawn panel too; after, its behaviour
   * renders it.
   */
  override attributeChangedCallback(name?: string): void {
    super.attributeChangedCallback()
    if (name === 'theme' && this.#painted && !this.behaviour && this.shadowRoot)
      this.#drawTheme(this.shadowRoot)
  }

  #drawTheme(root: ShadowRoot): void {
    const panel = root.querySelector('[data-theme]')
    const theme = resolveTheme(this)
    if (panel && panel.getAttribute('data-theme') !== theme) panel.setAttribute('data-theme', theme)
  }

  protected paint(root: ShadowRoot): void {
    if (this.#painted) return // drawn before it was moved: it is the same panel
    // A page rendered with the panel in it (declarative-panel.ts) drew it already: it stays as it is,
    // even while the parser is still putting it in the root.
    if (!this.drawn) {
      try {
        // The page's `color-scheme` is read while the shadow root is still empty: the style pass that
        // forces is then only what the page itself had pending. Read once the panel is in, it would be
        // the panel's first style and layout (the panel is a size container: its style needs its
        // layout), the first paint's costliest step, forced in a task of ours; this way the frame that
        // paints the panel does that once, already in the page's theme.
        root.innerHTML = bootPanelMarkup(resolveTheme(this))
      } catch {
        // A page that enforces Trusted Types refuses markup from a string: the rest of the widget draws
        // the panel itself when it arrives (Preact builds nodes one by one).
        return
      }
    } else {
      // The server drew it in the theme the page's HTML named, which may not be the visitor's choice
      // (only this browser knows that): it takes the element's theme now, before its first frame as ours.
      this.whenParsed(() => this.#drawTheme(root))
      // A press on the drawn panel before this script had run, marked by the page's (early-press.ts):
      // its button was there to be pressed, so it is parsed.
      this.#keep(root.querySelector(`[${PRESSED_ATTRIBUTE}]`))
    }
    this.#painted = true
    const listen = (event: Event) => {
      if (this.behaviour) root.removeEventListener('click', listen)
      else this.#keep((event.target as Element).closest('button'))
    }
    root.addEventListener('click', listen)
    // The prospect's answer, asked for now, in parallel with the rest of the widget's import, unless
    // the page carried it. The rest's own request for the same URL takes this one (lib/fetch-api.ts).
    const slug = this.slug?.trim() || FALLBACK_SLUG
    if (SLUG_PATTERN.test(slug) && !this.hasAttribute(PAGE_ANSWER_ATTRIBUTE)) {
      try {
        sendEarly(apiUrl(`api/prospects/${slug}`, apiBaseOf(this)).href)
      } catch {
        // A bad api-base: the rest of the widget says so, on the panel and in the console.
      }
    }
  }
}

// Each property mirrors its attribute, so React 19 (which sets properties) and plain HTML behave the
// same, and `el.slug = null` removes the attribute rather than setting it to "null".
for (const [property, attribute] of Object.entries(VOICE_DEMO_PROPERTIES)) {
  Object.defineProperty(VoiceDemoElement.prototype, property, {
    get(this: Element) {
      return this.getAttribute(attribute)
    },
    set(this: Element, value: unknown) {
      if (value == null) this.removeAttribute(attribute)
      else this.setAttribute(attribute, String(value))
    },
  })
}
