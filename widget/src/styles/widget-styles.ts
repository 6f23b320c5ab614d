import widgetCss from './widget.css?inline'

/**
 * One constructed stylesheet shared by every `<voice-demo>` shadow root: parsed once, however many
 * widgets a page holds. Constructable stylesheets are in every browser of our baseline (the same as
 * Tailwind v4's: Chrome 111, Firefox 128, Safari 16.4).
 */
export function createWidgetSheet(): CSSStyleSheet {
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(widgetCss)
  return sheet
}
