import css from './phone-dialog.css?inline'

let sheet: CSSStyleSheet | undefined

/**
 * Adds the phone dialog's stylesheet to `root` once. It travels with the dialog's lazy chunk, so the
 * first paint carries none of the dialog's styles; the core sheet keeps the shared base rules.
 */
export function adoptPhoneSheet(root: ShadowRoot | Document): void {
  if (!sheet) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
}
