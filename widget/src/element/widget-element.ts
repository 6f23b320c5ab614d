import { adoptWidgetSheet } from '../styles/adopt-sheet.ts'

/**
 * What the rest of the widget (app.ts, imported by the boot right away) does with an element once it
 * has arrived: it renders the element's Preact view, starting from what the boot drew.
 */
export interface ElementBehaviour {
  connected(): void
  disconnected(): void
  changed(): void
}

export type BehaviourFactory = (host: HTMLElement, root: ShadowRoot) => ElementBehaviour

/** Elements on the page that the boot drew and the rest of the widget has not taken over yet. */
const waiting = new Set<WidgetElement>()

/**
 * The base of both widget elements, in the boot: an open shadow root that adopts the core stylesheet.
 * A page rendered with the panel in it (element/declarative-panel.ts) gave the element its shadow root
 * already, drawn: the element keeps it as it is. `attachShadow` would hand back that root emptied
 * (the DOM standard's rule for a declarative root), and the panel would vanish for a frame.
 * Until the rest of the widget has arrived, the element draws itself without it ({@link paint}); from
 * then on, its behaviour (the class's `behave`, set by app.ts) renders it, and the element only
 * passes on its life: connected, attributes changed, removed (which cancels requests and drops
 * listeners).
 *
 * A long page reaches the browser in pieces, and widget.mjs (async) may run while the parser is still
 * inside a drawn root: the root then holds part of the server's panel, or nothing yet, and the parser
 * goes on filling it. What reads or replaces that content waits until the page is parsed
 * ({@link whenParsed}); drawing into the root, or rendering over it, before then would leave two
 * panels side by side.
 */
export abstract class WidgetElement extends HTMLElement {
  /** Set by the rest of the widget when it has arrived; each class its own. */
  static behave: BehaviourFactory | null = null
  /** Whether the page's HTML gave the element its root, drawn (read before the root is attached). */
  protected readonly drawn = this.shadowRoot !== null
  readonly #root = this.shadowRoot ?? this.attachShadow({ mode: 'open' })
  #behaviour: ElementBehaviour | null = null
  /** The takeover, once the parser has finished the drawn root: one listener however often asked. */
  readonly #resume = () => this.isConnected && this.connectedCallback()

  constructor() {
    super()
    adoptWidgetSheet(this.#root)
    // A drawn root's own copy of the stylesheet goes now that the adopted one is in (the same rules,
    // so nothing changes on screen). Left for Preact, it would move the panel to be the root's first
    // child, and a focused button inside it would lose its focus.
    this.whenParsed(() => this.#root.querySelector('style')?.remove())
  }

  /** Runs `step` now, or, while the parser may still be filling the drawn root, once it is done. */
  protected whenParsed(step: () => void): void {
    if (this.#parsing) document.addEventListener('DOMContentLoaded', step, { once: true })
    else step()
  }

  get #parsing(): boolean {
    return this.drawn && document.readyState === 'loading'
  }

  /** The behaviour once the rest of the widget has taken the element over; null before. */
  protected get behaviour(): ElementBehaviour | null {
    return this.#behaviour
  }

  /** Draws the element before the rest of the widget has arrived (its first paint). */
  protected abstract paint(root: ShadowRoot): void

  connectedCallback(): void {
    const behave = (this.constructor as typeof WidgetElement).behave
    if (!behave) {
      waiting.add(this)
      this.paint(this.#root)
      return
    }
    if (this.#parsing) {
      waiting.add(this)
      this.whenParsed(this.#resume)
      return
    }
    waiting.delete(this)
    this.#behaviour ??= behave(this, this.#root)
    this.#behaviour.connected()
  }

  disconnectedCallback(): void {
    waiting.delete(this)
    this.#behaviour?.disconnected()
  }

  attributeChangedCallback(): void {
    this.#behaviour?.changed()
  }
}

/**
 * Hands every element the boot drew to its behaviour, now that the rest of the widget has arrived
 * (each class's `behave` set): it renders over the boot's markup, reusing its nodes.
 */
export function takeOverWaiting(): void {
  for (const element of [...waiting]) if (element.isConnected) element.connectedCallback()
}
