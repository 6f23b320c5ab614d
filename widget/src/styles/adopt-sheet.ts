import widgetCss from './widget.css?inline'

/**
 * Adopts a stylesheet into shadow roots (or the document): parsed once for the page, on first use, and
 * added to each root once, after the sheets already there. Constructable stylesheets are in every
 * browser of our baseline (the same as Tailwind v4's: Chrome 111, Firefox 128, Safari 16.4). Called
 * without a root, it only parses: the boot does that in a task of its own.
 */
export type SheetAdopter = (root?: ShadowRoot | Document) => void

export function createSheetAdopter(css: string): SheetAdopter {
  let sheet: CSSStyleSheet | undefined
  return (root) => {
    if (!sheet) {
      sheet = new CSSStyleSheet()
      sheet.replaceSync(css)
    }
    if (root && !root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
  }
}

/**
 * The core stylesheet, the first in every widget element's shadow root: the shared base rules and the
 * first paint's utilities. A lazy part's sheet travels with the part's chunk, so the first paint
 * carries none of its styles, and scopes its utilities to its part (see phone-dialog.css).
 */
export const adoptWidgetSheet = createSheetAdopter(widgetCss)
