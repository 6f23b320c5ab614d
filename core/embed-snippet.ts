export interface EmbedSnippetOptions {
  /** Absolute URL of `widget.mjs`. */
  scriptUrl: string
  slug: string
  /** Where `/api/*` lives when it is not the origin `widget.mjs` comes from (the edge function). */
  apiBase?: string | null
}

/**
 * The demo panel's box while `widget.mjs` is still on its way, as a page's CSS: the height the panel
 * will have (widget/src/styles/widget.css, `.panel-*`): 296 px while the element is narrower than
 * 432 px, 276 px while narrower than 528 px and 220 px from there, so nothing on the page moves when
 * the panel appears. The padding's percentage is of the element's width: `(528px - 100%) * 999` is
 * large while narrower, negative from 528 px, and `clamp` turns that into the one height or the other;
 * the other `clamp` adds 20 px below 432 px the same way. A hidden element stays hidden.
 *
 * `--voice-demo-fit: 3` tells the panel that the page keeps this height (widget.css: how much of the
 * narrow panel's old 348 px the page gave back). Pages that pasted a line before it keep the height
 * they reserve: 1 for the line before this one (348 px under 340 px, 328 px under 432 px, 308 px
 * under 528 px), none for the line before that (348 px under 528 px), so nothing moves there either.
 */
export const PANEL_SPACE_CSS =
  'voice-demo{--voice-demo-fit:3}' +
  'voice-demo:not(:defined,[hidden]){display:block}' +
  'voice-demo:not(:defined)::before{content:"";display:block;padding-top:calc(clamp(220px,(528px - 100%)*999,276px) + clamp(0px,(432px - 100%)*999,20px))}'

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

/**
 * The video call button in the page's flow, where the element stands, instead of floating at the
 * bottom left: builders' pages have their own fixed bars and footers there, which a floating button
 * would cover. The element is 0 px high until the server says video calls run, then it takes the
 * button's height and a little room above it.
 */
export const VIDEO_IN_FLOW_CSS =
  'voice-video-call::part(dock){position:static;justify-content:center}' +
  'voice-video-call:state(shown){padding-top:16px}'

/**
 * The room the video call button takes in the page's flow (its 56 px and the 16 px above it, as
 * VIDEO_IN_FLOW_CSS lays it out), kept from the page's first paint, for a page that knows the product
 * runs video calls (the WordPress plugin asks the product's public config): nothing under the button
 * moves when it shows. Should the product answer that video calls are off after all, the element gets
 * the custom state `off` and gives the room back, so no empty space stays. A browser without custom
 * states in CSS drops the rule and the button takes its room as it shows, as before.
 */
export const VIDEO_SPACE_CSS =
  'voice-video-call:not([hidden],:state(off)){display:block;box-sizing:border-box;min-height:72px}'

/**
 * The video call button to paste right under the demo panel's snippet (whose script defines it),
 * kept in the page's flow.
 */
export function createVideoButtonSnippet({
  slug,
  apiBase,
}: Pick<EmbedSnippetOptions, 'slug' | 'apiBase'>): string {
  const api = apiBase ? ` api-base="${escapeAttribute(apiBase)}"` : ''
  return `<style>${VIDEO_IN_FLOW_CSS}</style>\n<voice-video-call slug="${escapeAttribute(slug)}"${api}></voice-video-call>`
}
