import css from './video-overlay.css?inline'

let sheet: CSSStyleSheet | undefined

/**
 * Adds the overlay's stylesheet to `root` once. It travels with the call's lazy chunk, so the first
 * paint carries none of the overlay's styles; the core sheet keeps the shared base rules.
 */
export function adoptOverlaySheet(root: ShadowRoot | Document): void {
  if (!sheet) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
}
