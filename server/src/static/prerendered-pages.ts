import type { EncodeBody, EncodedFile } from './encoded-file.ts'
import { inlineHead, type ReadSiteText } from './inline-head.ts'
import type { RenderedPage } from './rendered-pages.ts'

/**
 * The site's pages that the build renders to files (scripts/prerender-site.ts), by the page
 * `matchRoute` names: the landing page in index.html, the legal pages in files of their own.
 */
export const PRERENDERED_FILES: Readonly<Record<string, string>> = {
  landing: 'index.html',
  privacy: 'privacy.html',
  terms: 'terms.html',
}

/** A link-preview tag whose address the build wrote from the site's root (`/og-landing.jpg`). */
const ROOT_RELATIVE_PREVIEW = /(<meta (?:property="og:image"|name="twitter:image") content=")\//g

/**
 * A prerendered page as it is sent: its stylesheet and theme script inline, as the server does for
 * prospect pages, so that on a slow phone link the first paint waits for the page alone, not for two
 * more round trips; its link-preview image named by an absolute address (previewers need one), from
 * where the site is published. Each file version is prepared once per site address, then served from
 * memory with its compressed versions.
 */
export function createPrerenderedPages(
  read: ReadSiteText,
  encode: EncodeBody,
): (file: EncodedFile, text: string, siteUrl: string) => Promise<RenderedPage> {
  const byFile = new WeakMap<EncodedFile, Map<string, Promise<RenderedPage>>>()
  return (file, text, siteUrl) => {
    let bySite = byFile.get(file)
    if (!bySite) {
      bySite = new Map()
      byFile.set(file, bySite)
    }
    const known = bySite.get(siteUrl)
    if (known) return known
    // Site addresses come from requests' origins when SITE_URL is unset: keep a few, not all.
    if (bySite.size >= 8) bySite.clear()
    const page = prepare(file, text.replace(ROOT_RELATIVE_PREVIEW, `$1${siteUrl}/`), read, encode)
    bySite.set(siteUrl, page)
    page.catch(() => bySite.get(siteUrl) === page && bySite.delete(siteUrl))
    return page
  }
}

async function prepare(source: EncodedFile, html: string, read: ReadSiteText, encode: EncodeBody) {
  const page = await inlineHead(html, read)
  const encoded = await encode(new TextEncoder().encode(page.html) as Uint8Array<ArrayBuffer>)
  // The inlined files can change without the page (theme-init.js keeps its name), so they are part of
  // the version a browser revalidates.
  const inlined = [...page.styleHashes, ...page.scriptHashes].join(' ')
  const etag = source.etag.replace(/"$/, `-${stringHash(inlined)}"`)
  return { file: { ...encoded, etag }, styleHashes: page.styleHashes, scriptHashes: page.scriptHashes }
}

/** A short hex digest of `text` (FNV-1a): tells versions apart, guards nothing. */
function stringHash(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0
  return hash.toString(16)
}
