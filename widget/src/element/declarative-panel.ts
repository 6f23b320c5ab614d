import { bootPanelMarkup, loadedPanelMarkup, type PanelProspect } from './boot-panel.ts'
import { EARLY_PRESS_SCRIPT } from './early-press.ts'
import type { Theme } from './theme-name.ts'

/** The core stylesheet as the widget's build writes it beside widget.mjs (widget/build/panel-css.ts). */
export const PANEL_CSS_FILE = 'panel.css'

/**
 * What the drawn root adds to the core stylesheet. The page's own rule that keeps the panel's height
 * while widget.mjs arrives (a `::before` on the undefined element, docs/embedding.md) must not add
 * that height under a panel that is already drawn: a rule of the shadow root marked important
 * outranks the page's. And the core sheet resets every child of the root to `all: initial` (so no
 * host style reaches the panel), which would show this very `<style>` as a block of text: an
 * unlayered rule outranks the sheet's layered reset.
 */
const DRAWN_ROOT_RULES = ':host::before{content:none!important}style{display:none}'

/**
 * A `<template shadowrootmode>` with its stylesheet inline, that stylesheet's text, and the script
 * that keeps a press on its buttons before widget.mjs has run (early-press.ts), for the page's head.
 * The page's CSP allows the two by their hashes.
 */
export interface DeclarativePanel {
  html: string
  style: string
  script: string
}

/**
 * The demo panel as a declarative shadow root, for a page whose server knows its prospect: put as
 * the first child of `<voice-demo>`, it makes the element's shadow root while the page is parsed, so
 * the panel and its buttons are in the page's first paint, before any script. It is the boot's markup
 * (boot-panel.ts, the panel Preact renders; loaded for `prospect`, else while it loads), so the widget takes the root over without drawing it
 * again; its stylesheet is the core one the widget adopts (`css`, the build's `panel.css`), and goes
 * when the element is defined and has adopted its own copy (widget-element.ts). A browser without declarative shadow
 * DOM keeps the template as an inert child, and the widget draws the panel as on any page. Null when
 * `css` could close its `<style>` early.
 */
export function declarativePanel(
  css: string,
  theme: Theme,
  prospect: PanelProspect | null,
): DeclarativePanel | null {
  if (/<\/style/i.test(css)) return null
  const style = `${css}${DRAWN_ROOT_RULES}`
  return {
    html: `<template shadowrootmode="open"><style>${style}</style>${prospect ? loadedPanelMarkup(theme, prospect) : bootPanelMarkup(theme)}</template>`,
    style,
    script: EARLY_PRESS_SCRIPT,
  }
}
