import type { ProspectAnswer } from '../data/prospect-answers.ts'
import type { BuiltFiles } from './built-files.ts'
import { type Bytes, type EncodedFile, encodeBytes } from './encoded-files.ts'
import { allowInCsp, inlineHead } from './inline-head.ts'
import { fillShell, prospectPageHead, type SiteRenderer } from './prospect-pages.ts'

/** A prospect page ready to send: its bytes (compressed too) and what its CSP must allow. */
export interface RenderedPage {
  file: EncodedFile
  styleHashes: string[]
  scriptHashes: string[]
}

export interface PageRequest {
  answer: ProspectAnswer
  /** The slug whose answer it shows (the general demo's for a malformed link). */
  slug: string
  pathname: string
  shell: { etag: string; text: string }
  renderer: SiteRenderer
  productName: string
  siteUrl: string
}

/** Compression for pages made per answer: fast (a few ms for 100 KB), most of the saving. */
const PAGE_ENCODING = { brotliQuality: 5, gzipLevel: 6 }
/** Variants kept per answer (path, shell, site URL): a flood of odd paths cannot grow memory. */
const MAX_VARIANTS = 16

/**
 * Prospect pages rendered once per answer, not once per request: an answer lives a few seconds in
 * the server's prospect cache, and every request for it in that time gets the same bytes, already
 * compressed. Rendering the React tree, inlining the head and compressing cost some 10 ms; a link
 * opened by a whole team, or a burst of mail scanners, pays it once. A new answer (or shell, or
 * renderer) renders afresh; the old one is dropped with its answer.
 */
export function createRenderedPages(files: BuiltFiles): (request: PageRequest) => Promise<RenderedPage> {
  const byAnswer = new WeakMap<ProspectAnswer, Map<string, Promise<RenderedPage>>>()
  const rendererIds = new WeakMap<SiteRenderer, number>()
  let nextRendererId = 0
  return (request) => {
    let rendererId = rendererIds.get(request.renderer)
    if (rendererId === undefined) {
      rendererId = nextRendererId++
      rendererIds.set(request.renderer, rendererId)
    }
    const key = [request.pathname, request.shell.etag, rendererId, request.siteUrl, request.productName].join(
      ' ',
    )
    let variants = byAnswer.get(request.answer)
    if (!variants) {
      variants = new Map()
      byAnswer.set(request.answer, variants)
    }
    const known = variants.get(key)
    if (known) return known
    if (variants.size >= MAX_VARIANTS) variants.clear()
    const page = render(request, files)
    variants.set(key, page)
    page.catch(() => variants.get(key) === page && variants.delete(key))
    return page
  }
}

async function render(request: PageRequest, files: BuiltFiles): Promise<RenderedPage> {
  const { answer, slug, pathname, shell, renderer } = request
  const head = prospectPageHead(answer.response, slug, {
    productName: request.productName,
    siteUrl: request.siteUrl,
  })
  const body = renderer.renderProspectPage(pathname, { slug, answer: answer.response })
  const page = await inlineHead(fillShell(shell.text, head, body), files)
  const identity = new TextEncoder().encode(page.html) as Bytes
  const file = await encodeBytes(identity, '', PAGE_ENCODING)
  return { file, styleHashes: page.styleHashes, scriptHashes: page.scriptHashes }
}

/** The page's CSP with its inline blocks allowed by their hashes. */
export const pagePolicy = (policy: string, page: RenderedPage): string =>
  allowInCsp(allowInCsp(policy, 'style-src', page.styleHashes), 'script-src', page.scriptHashes)
