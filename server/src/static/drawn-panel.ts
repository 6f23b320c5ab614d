import type { ProspectResponse } from '#core/prospect.ts'
import { type DeclarativePanel, declarativePanel } from '../../../widget/src/element/declarative-panel.ts'

export { PANEL_CSS_FILE } from '../../../widget/src/element/declarative-panel.ts'

/** The panel's `<voice-demo>` in the rendered page: the one that carries the page's answer. */
const PANEL_ELEMENT = /<voice-demo\b[^>]*\sdata-prospect="[^"]*"[^>]*>/
const THEME = /\stheme="(light|dark|system)"/

/**
 * A rendered prospect page with the demo panel drawn in it, from the answer the page shows: a
 * declarative shadow root as the first child of its `<voice-demo>` (the widget's own markup and
 * stylesheet, `css`), so the panel's buttons are on screen at the page's first paint instead of
 * after widget.mjs has run. Drawn in the element's theme, as the widget would. Only the prospect's
 * own words go in (the company's name and why a call is off, as text); null, and the page stays as
 * it was, when the page has no such element or the stylesheet cannot go inline.
 */
export function drawPanel(html: string, css: string, answer: ProspectResponse): DeclarativePanel | null {
  const tag = PANEL_ELEMENT.exec(html)
  if (!tag) return null
  const theme = (THEME.exec(tag[0])?.[1] ?? 'light') as 'light' | 'dark' | 'system'
  const panel = declarativePanel(css, theme, {
    companyName: answer.prospect.companyName,
    features: answer.features,
    unavailableReason: answer.unavailableReason,
  })
  if (!panel) return null
  const at = tag.index + tag[0].length
  return { ...panel, html: `${html.slice(0, at)}${panel.html}${html.slice(at)}` }
}
