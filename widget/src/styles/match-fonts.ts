import widgetCss from './widget.css?inline'

/**
 * The panel's fonts, as the `font` shorthand's weight and size: the eyebrow, the lead and the status
 * line, the buttons (the panel as the boot draws it), then the title with the prospect's name.
 */
export const PANEL_FONTS = ['600 12px', '400 14px', '600 16px', '600 18px'] as const

/** The stack the stylesheet names (theme.css, `--font-sans`), so that the two cannot differ. */
const STACK = /--font-sans:\s*([^;}]+)/.exec(widgetCss)?.[1]
let context: CanvasRenderingContext2D | null | undefined

/**
 * Finds `font` in the panel's stack before the panel needs it. A page's first use of a font costs a
 * lookup per family of the stack that the system lacks (Inter, ui-sans-serif…), then the font file and
 * each size's rendering settings: in Chromium on Linux each a synchronous round trip to the browser
 * process, some 3–10 ms and far more on a busy machine. In the frame that first lays the panel out
 * they were most of its style and layout, one long task on a slow phone; measuring a letter on a
 * canvas makes the same lookups, and the boot does one font per task. Without a 2D canvas, nothing.
 */
export function matchFont(font: string): void {
  context ??= document.createElement('canvas').getContext('2d')
  if (!context || !STACK) return
  context.font = `${font} ${STACK}`
  context.measureText('A')
}
