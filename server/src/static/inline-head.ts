/** A site file's text by its path from the site's root (`assets/x.css`); null when there is none. */
export type ReadSiteText = (relative: string) => Promise<string | null>

/** A page whose render-blocking files are in its own HTML, with the CSP sources that allow them. */
export interface InlinedHead {
  html: string
  /** `'sha256-…'` of each inline `<style>`, for `style-src`. */
  styleHashes: string[]
  /** `'sha256-…'` of each inline `<script>`, for `script-src`. */
  scriptHashes: string[]
}

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g
const BLOCKING_SCRIPT = /<script src="\/([^"]+\.js)"\s*><\/script>/g

/**
 * Puts the shell's stylesheets and its blocking script (the theme before the first paint) into the
 * page itself. On a slow phone link every request costs a round trip (about half a second on Slow
 * 4G) before the first paint can happen; inline, the page paints as soon as its HTML is in. Used for
 * the server-rendered prospect pages, whose CSP the server writes per response: each inline block is
 * allowed by its hash, never by `'unsafe-inline'`. A file that is missing, or whose text could close
 * its element early, stays a link.
 */
export async function inlineHead(html: string, read: ReadSiteText): Promise<InlinedHead> {
  const styleHashes: string[] = []
  const scriptHashes: string[] = []
  const styles = await replaceAsync(html, STYLESHEET, async (tag, relative) => {
    const css = await read(relative)
    if (css === null || /<\/style/i.test(css)) return tag
    styleHashes.push(await sourceHash(css))
    return `<style>${css}</style>`
  })
  const scripts = await replaceAsync(styles, BLOCKING_SCRIPT, async (tag, relative) => {
    const js = await read(relative)
    if (js === null || /<\/script/i.test(js)) return tag
    scriptHashes.push(await sourceHash(js))
    return `<script>${js}</script>`
  })
  return { html: scripts, styleHashes, scriptHashes }
}

/** The CSP `policy` with `sources` added to `directive` (which must be in it). */
export function allowInCsp(policy: string, directive: string, sources: readonly string[]): string {
  if (sources.length === 0) return policy
  return policy.replace(new RegExp(`(^|; )${directive} ([^;]*)`), `$1${directive} $2 ${sources.join(' ')}`)
}

/** CSP's source hash of `text`: `'sha256-<base64>'`. */
export async function sourceHash(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`
}

async function replaceAsync(
  text: string,
  pattern: RegExp,
  replace: (match: string, group: string) => Promise<string>,
): Promise<string> {
  const matches = [...text.matchAll(pattern)]
  const replacements = await Promise.all(matches.map((match) => replace(match[0], match[1] ?? '')))
  let out = ''
  let last = 0
  matches.forEach((match, index) => {
    out += text.slice(last, match.index) + replacements[index]
    last = match.index + match[0].length
  })
  return out + text.slice(last)
}
