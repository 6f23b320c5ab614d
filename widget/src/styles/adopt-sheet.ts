/**
 * A lazy part's stylesheet, parsed once on first use and added to a shadow root (or the document) once:
 * it travels with the part's chunk, so the first paint carries none of its styles. The core stylesheet
 * keeps the shared base rules; each lazy sheet scopes its utilities to its part (see phone-dialog.css).
 */
export function createSheetAdopter(css: string): (root: ShadowRoot | Document) => void {
  let sheet: CSSStyleSheet | undefined
  return (root) => {
    if (!sheet) {
      sheet = new CSSStyleSheet()
      sheet.replaceSync(css)
    }
    if (!root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
  }
}
