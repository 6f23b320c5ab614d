/** One entry of Vite's build manifest (`.vite/manifest.json`): a module's file and the chunks it imports. */
export interface ManifestChunk {
  file: string
  imports?: string[]
  isEntry?: boolean
}

export type BuildManifest = Record<string, ManifestChunk>

/**
 * `<link rel="modulepreload">` tags for the lazy module `source` and every chunk it imports, the
 * entry excepted (the page's own script tag loads it). A prerendered page that hydrates only once its
 * lazy chunk is in then fetches that chunk beside the entry, not one round trip after it.
 */
export function chunkPreloadLinks(manifest: BuildManifest, source: string): string[] {
  if (!manifest[source]) throw new Error(`the build manifest has no ${source}`)
  const files: string[] = []
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || chunk.isEntry || files.includes(chunk.file)) return
    files.push(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(source)
  return files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
}

/** `html` with `links` at the end of its head, after the page's own script tags. */
export function withChunkPreloads(html: string, links: readonly string[]): string {
  if (links.length === 0) return html
  if (!html.includes('</head>')) throw new Error('the page has no </head> to put the preloads before')
  return html.replace('</head>', () => `${links.join('\n    ')}\n  </head>`)
}
