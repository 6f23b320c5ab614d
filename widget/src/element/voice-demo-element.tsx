import { FALLBACK_SLUG } from '#core/prospect.ts'
import type { PanelControls } from '../api/host-vocabulary.ts'
import {
  ELEMENT_ATTRIBUTES,
  PAGE_ANSWER_ATTRIBUTE,
  VOICE_DEMO_PROPERTIES,
  type VoiceDemoProperty,
} from '../api/public-api.ts'
import { reportEngagement } from '../engagement/report-engagement.ts'
import { apiBaseOf } from '../lib/fetch-api.ts'
import { fetchProspect, keepPageAnswer, pageAnswer } from '../lib/fetch-prospect.ts'
import type { DemoStore } from '../state/demo-state.ts'
import { createDemoStore } from '../state/demo-store.ts'
import { DemoPanel, type PanelParts } from '../ui/demo-panel.tsx'
import { DEMO_PARTS } from './demo-parts.ts'
import { dispatchHostEvent } from './host-events.ts'
import type { Theme } from './theme.ts'
import { WidgetElement } from './widget-element.ts'

/**
 * `<voice-demo slug="acme">`: loads the prospect and shows the demo panel. The element owns its store
 * (a new one each time it is added to a page; removing it disposes the store, which cancels the request
 * and the call) and offers the host API one method per panel command.
 */
export class VoiceDemoElement
  extends WidgetElement
  implements PanelControls, Record<VoiceDemoProperty, string | null>
{
  static observedAttributes = ELEMENT_ATTRIBUTES['voice-demo']
  // Accessors defined below, from the vocabulary's property list.
  declare slug: string | null
  declare apiBase: string | null
  #store: DemoStore<PanelParts> | null = null
  /** Forgets the answer this element carried, once it leaves the page. */
  #forgetPageAnswer: () => void = () => {}

  // The host API's panel commands: each is the store's action of the same name.
  startCall(): void {
    this.#store?.getState().startCall()
  }
  stopCall(): void {
    this.#store?.getState().stopCall()
  }
  openPhoneDialog(): void {
    this.#store?.getState().openPhoneDialog()
  }

  override connectedCallback(): void {
    // A property set before the element was defined is an own property hiding the accessor.
    for (const property of Object.keys(VOICE_DEMO_PROPERTIES) as VoiceDemoProperty[]) {
      if (!Object.hasOwn(this, property)) continue
      const value = this[property]
      delete (this as Partial<Record<VoiceDemoProperty, unknown>>)[property]
      this[property] = value
    }
    this.#forgetPageAnswer = readPageAnswer(this, this.#slug())
    const preview = this.hasAttribute('preview')
    this.#store ??= createDemoStore({
      fetchProspect,
      pageAnswer,
      parts: DEMO_PARTS,
      // An editor's preview is nobody's visit: nothing is reported.
      report: preview ? undefined : reportEngagement,
      emit: (event, message = '') => {
        const slug = this.#slug()
        if (event === 'error') dispatchHostEvent(this, 'error', { slug, message })
        else dispatchHostEvent(this, event, { slug })
      },
      owner: this,
    })
    // Nor does it call anyone: Talk and Call Me (and the host API's commands) say so in the status line.
    if (preview) {
      const say = () =>
        import('../lib/preview.ts').then(({ PREVIEW_NOTICE }) =>
          this.#store?.setState({ notice: PREVIEW_NOTICE }),
        )
      this.#store.setState({ startCall: say, openPhoneDialog: say })
    }
    super.connectedCallback()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.#forgetPageAnswer()
    this.#store?.getState().dispose()
    this.#store = null
  }

  #slug(): string {
    return this.slug?.trim() || FALLBACK_SLUG
  }

  protected view(theme: Theme) {
    return (
      this.#store && (
        <DemoPanel
          store={this.#store}
          slug={this.#slug()}
          apiBase={apiBaseOf(this)}
          theme={theme}
          backNavigation={this.hasAttribute('back-navigation')}
        />
      )
    )
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

/**
 * The answer the page carried on the element, if any: the panel then shows it without asking the API.
 * Returns what forgets it.
 */
function readPageAnswer(element: Element, slug: string): () => void {
  const json = element.getAttribute(PAGE_ANSWER_ATTRIBUTE)
  if (!json) return () => {}
  try {
    return keepPageAnswer(slug, apiBaseOf(element), JSON.parse(json))
  } catch {
    return () => {} // Not JSON: the panel asks the API, as without it.
  }
}
