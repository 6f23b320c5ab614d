export interface EmbedSnippetOptions {
  /** Absolute URL of `widget.mjs`. */
  scriptUrl: string
  slug: string
  /** Where `/api/*` lives when it is not the origin `widget.mjs` comes from (the edge function). */
  apiBase?: string | null
}

/**
 * The HTML a partner pastes to embed one prospect's demo: docs/embedding.md's
 * snippet. Attribute values are escaped, so no URL can break out of its attribute.
 */
export function createEmbedSnippet({ scriptUrl, slug, apiBase }: EmbedSnippetOptions): string {
  const api = apiBase ? ` api-base="${escapeAttribute(apiBase)}"` : ''
  return (
    `<script type="module" async src="${escapeAttribute(scriptUrl)}"></script>\n` +
    `<voice-demo slug="${escapeAttribute(slug)}"${api}></voice-demo>`
  )
}

const escapeAttribute = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
