import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { minifySync, type Plugin } from 'vite'

/**
 * The public scripts that every page runs before its first paint, written in public/ for people to
 * read, with their reasons in comments. The server puts them inline in each page it renders, so their
 * comments would travel in every page: the build minifies them in place.
 */
const BLOCKING_PUBLIC_SCRIPTS = ['theme-init.js']

/** `source` minified (comments, spaces, long names out). Throws with the minifier's message on a syntax error. */
export function minifyScript(name: string, source: string): string {
  const { code, errors } = minifySync(name, source)
  if (errors.length > 0) throw new Error(`${name}: ${errors.map((error) => error.message).join('; ')}`)
  return code
}

export function minifyPublicScripts(): Plugin {
  return {
    name: 'site:minify-public-scripts',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    // After Vite has copied public/ into the build directory.
    async writeBundle(options) {
      const outDir = options.dir ?? ''
      for (const name of BLOCKING_PUBLIC_SCRIPTS) {
        const path = join(outDir, name)
        await writeFile(path, minifyScript(name, await readFile(path, 'utf8')))
      }
    },
  }
}
