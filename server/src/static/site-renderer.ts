import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { SiteRenderer } from './prospect-pages.ts'

/**
 * Loads the site's server entry from `ssrDir`, again after a rebuild (a new file, a new module URL);
 * null when the build has none (the page then starts from the empty shell, as before).
 */
export function watchSiteRenderer(ssrDir: string): () => Promise<SiteRenderer | null> {
  const file = join(ssrDir, 'entry-server.js')
  let cached: { version: string; renderer: Promise<SiteRenderer | null> } | null = null
  return async () => {
    const info = await stat(file).catch(() => null)
    const version = info ? `${info.size}-${info.mtimeMs}` : 'none'
    if (cached?.version !== version) {
      const url = `${pathToFileURL(file).href}?v=${encodeURIComponent(version)}`
      const renderer = info ? (import(url) as Promise<SiteRenderer>) : Promise.resolve(null)
      cached = { version, renderer }
    }
    return cached.renderer
  }
}
