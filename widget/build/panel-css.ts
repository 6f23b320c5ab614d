import type { Plugin } from 'vite'
import { PANEL_CSS_FILE } from '../src/element/declarative-panel.ts'

export { PANEL_CSS_FILE }

/**
 * Writes the widget's core stylesheet (`widget/src/styles/widget.css`, compiled and made fit for a
 * shadow root, exactly the text widget.mjs adopts) to `panel.css` beside widget.mjs. A server that
 * renders a page with the panel already drawn in it (a declarative shadow root,
 * widget/src/element/declarative-panel.ts) puts it in that root, so the panel is styled at the page's
 * first paint, before any script.
 */
export function emitPanelCss(): Plugin {
  return {
    name: 'voice-demo:panel-css',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!/\/widget\/src\/styles\/widget\.css\?inline$/.test(id)) return null
      const literal = /^export default ("(?:[^"\\]|\\.)*")\s*;?\s*$/.exec(code.trim())?.[1]
      if (literal === undefined) throw new Error(`the core stylesheet is no longer a string module: ${id}`)
      this.emitFile({ type: 'asset', fileName: PANEL_CSS_FILE, source: JSON.parse(literal) as string })
      return null
    },
  }
}
