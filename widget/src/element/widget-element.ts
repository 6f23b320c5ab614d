import { type ComponentChild, render } from 'preact'
import { adoptWidgetSheet } from '../styles/adopt-sheet.ts'
import { resolveTheme, type Theme } from './theme.ts'

/**
 * The base of both widget elements: an open shadow root that adopts the core stylesheet, renders while
 * connected (again on each observed attribute change) and unmounts when removed, which cancels
 * requests and drops listeners.
 */
export abstract class WidgetElement extends HTMLElement {
  readonly #root = this.attachShadow({ mode: 'open' })
  #connected = false
  /** False until the task after the first render: see {@link resolveTheme}. */
  #readScheme = false

  constructor() {
    super()
    adoptWidgetSheet(this.#root)
  }

  /** What the element shows, in `theme`. */
  protected abstract view(theme: Theme): ComponentChild

  connectedCallback(): void {
    this.#connected = true
    this.#render()
    // Reading the page's `color-scheme` forces a style pass: not in the task that draws the buttons
    // (on a slow phone it is long enough already), but in the next, normally still before the paint.
    setTimeout(() => {
      this.#readScheme = true
      if (this.#connected) this.#render()
    })
  }

  disconnectedCallback(): void {
    this.#connected = false
    render(null, this.#root)
  }

  attributeChangedCallback(): void {
    // Not during the upgrade (attributes are reported before connectedCallback): one render, not two.
    if (this.#connected) this.#render()
  }

  #render(): void {
    render(this.view(resolveTheme(this, this.#readScheme)), this.#root)
  }
}
