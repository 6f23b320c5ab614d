import type { Plugin } from 'vite'
import type { SiteEnv } from './load-site-env.ts'

/**
 * The site build's settings as it baked them in, written into the build directory. The server reads
 * it to allow exactly the origins this build talks to (its CSP); a dotfile, so it is never served.
 */
export const SITE_BUILD_RECORD = '.site-build.json'

/** Writes `SITE_BUILD_RECORD` beside the built pages (none of these settings is secret). */
export function recordSiteBuild(env: SiteEnv): Plugin {
  return {
    name: 'site:build-record',
    apply: 'build',
    // The browser build only: the server entry's build is thrown away after prerendering.
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: SITE_BUILD_RECORD,
        source: `${JSON.stringify(env, null, 2)}\n`,
      })
    },
  }
}
