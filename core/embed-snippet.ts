export interface EmbedSnippetOptions {
  /** Absolute URL of `widget.mjs`. */
  scriptUrl: string
  slug: string
  /** Where `/api/*` lives when it is not the origin `widget.mjs` comes from (the edge function). */
  apiBase?: string | null
}

/**
 * The demo panel's box while `widget.mjs` is still on its way, as a page's CSS: the height the panel
 * will have (widget/src/styles/widget.css, `.panel-*`), 348 px while the element is narrower than
 * 528 px and 220 px from there, so nothing on the page moves when the panel appears. The padding's
 * percentage is of the element's width: `(528px - 100%) * 999` is large while narrower, negative
 * from 528 px, and `clamp` turns that into the one height or the other. A hidden element stays hidden.
 */
export const PANEL_SPACE_CSS =
  'voice-demo:not(:defined,[hidden]){display:block}' +
  'voice-demo:not(:defined)::before{content:"";display:block;padding-top:clamp(220px,(528px - 100%)*999,348px)}'

/**
 * The HTML a partner pastes to embed one prospect's demo: docs/embedding.md's snippet, the panel's
 * space reserved first. Attribute values are escaped, so no URL can break out of its attribute.
 */
export function createEmbedSnippet({ scriptUrl, slug, apiBase }: EmbedSnippetOptions): string {
  const api = apiBase ? ` api-base="${escapeAttribute(apiBase)}"` : ''
  return (
    `<style>${PANEL_SPACE_CSS}</style>\n` +
    `<script type="module" async src="${escapeAttribute(scriptUrl)}"></script>\n` +
    `<voice-demo slug="${escapeAttribute(slug)}"${api}></voice-demo>`
  )
}

const escapeAttribute = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
