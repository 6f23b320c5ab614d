import type { Plugin } from 'vite'

/** Inter's files as Vite emits them: `assets/inter-latin-700-normal-<hash>.woff2`. */
const FONT_FILE = /(?:^|\/)assets\/inter-latin-(\d{3})-normal-[\w-]+\.woff2$/
const PRELOAD_LINK =
  /<link rel="preload" href="[^"]+\.woff2" as="font" type="font\/woff2" crossorigin>\n?\s*/g
const BEFORE = /(\s*)<\/body>/

/**
 * The weights each kind of page preloads: its body text and its first heading, the text above the
 * fold. Only those: on a slow phone link every preloaded file (about 24 KB) shares the bandwidth
 * with the page's own script, and the other weights swap in when they come.
 * - shell: the app shell, which the server fills with prospect pages (bold headings, 700);
 * - prerendered: the landing, privacy and terms pages (extrabold h1, 800).
 */
export const PRELOADED_WEIGHTS = { shell: [400, 700], prerendered: [400, 800] } as const

/** The `<link rel="preload">` tags for `weights`, from the build's file names. */
export function fontPreloadLinks(fileNames: Iterable<string>, weights: readonly number[]): string[] {
  const byWeight = new Map<number, string>()
  for (const name of fileNames) {
    const match = FONT_FILE.exec(name)
    if (match) byWeight.set(Number(match[1]), name.slice(name.indexOf('assets/')))
  }
  return weights.map((weight) => {
    const file = byWeight.get(weight)
    if (file === undefined) throw new Error(`the build has no Inter ${weight} file to preload`)
    return `<link rel="preload" href="/${file}" as="font" type="font/woff2" crossorigin>`
  })
}

/**
 * `html` with exactly `links` as its font preloads, at the end of the body: the browser still fetches
 * them as soon as the document is in, long before the styles would ask, but not while the document
 * itself is arriving. In the head they shared a slow phone link with the page's own HTML and put its
 * first paint back (`npm run bench site`, phone-like: landing LCP 1.24 s with them in the head, 1.00 s
 * at the end of the body; prospect page 1.08 s and 0.99 s).
 */
export function withFontPreloads(html: string, links: readonly string[]): string {
  const bare = html.replace(PRELOAD_LINK, '')
  if (!BEFORE.test(bare)) throw new Error('index.html has no </body> to put the font preloads before')
  return bare.replace(BEFORE, (end, indent: string) => links.map((link) => `${indent}${link}`).join('') + end)
}

/**
 * Preloads the shell's weights in index.html (and so in app.html and every page the server renders
 * from it). `crossorigin` is required: fonts are always fetched in CORS mode, and a preload without
 * it would be fetched twice.
 */
export function preloadFonts(): Plugin {
  return {
    name: 'site:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) =>
        context.bundle
          ? withFontPreloads(html, fontPreloadLinks(Object.keys(context.bundle), PRELOADED_WEIGHTS.shell))
          : html,
    },
  }
}
