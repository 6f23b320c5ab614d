import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { loadSiteEnv, type SiteEnv } from '../../../site/build/load-site-env.ts'
import { SITE_BUILD_RECORD } from '../../../site/build/site-build-record.ts'

/**
 * Reads the settings the site in `siteDir` was built with (its API base, widget URL and Calendly
 * URL), which decide what its pages' CSP must allow. Read again whenever the record changes (a
 * rebuild while the server runs). Without a record (a build made before it existed, test fixtures)
 * the build defaults apply; a record that fails the build's own checks is an error, not a guess.
 */
export function watchSiteBuild(siteDir: string): () => Promise<SiteEnv> {
  const path = join(siteDir, SITE_BUILD_RECORD)
  let cached: { version: string; settings: Promise<SiteEnv> } | null = null
  return async () => {
    const info = await stat(path).catch(() => null)
    const version = info ? `${info.size}-${info.mtimeMs}` : 'none'
    if (cached?.version !== version) {
      const settings = info
        ? readFile(path, 'utf8').then((text) => loadSiteEnv(JSON.parse(text) as Record<string, string>))
        : Promise.resolve(loadSiteEnv({}))
      cached = { version, settings }
    }
    return cached.settings
  }
}
