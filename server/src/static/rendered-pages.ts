import type { ProspectAnswer } from '../data/prospect-answers.ts'
import { drawPanel } from './drawn-panel.ts'
import { type Bytes, type EncodeBody, type EncodedFile, UNCOMPRESSED } from './encoded-file.ts'
import { allowInCsp, inlineHead, type ReadSiteText, sourceHash } from './inline-head.ts'
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
  /** Whether a known prospect's page names their own picture (`/{slug}/preview.png`): where it is served. */
  prospectPicture?: boolean
  /**
   * The widget's core stylesheet (its build's `panel.css`), with which the page carries the demo panel
   * drawn (drawn-panel.ts); null or absent, the page leaves the panel to widget.mjs.
   */
  panelCss?: { etag: string; text: string } | null
}

/** Variants kept per answer (path, shell, site URL): a flood of odd paths cannot grow memory. */
const MAX_VARIANTS = 16

/**
 * Prospect pages rendered once per answer, not once per request: an answer lives a few seconds in
 * the server's prospect cache, and every request for it in that time gets the same bytes, already
 * compressed. Rendering the React tree, inlining the head and compressing cost some 10 ms; a link
 * opened by a whole team, or a burst of mail scanners, pays it once. A new answer (or shell, or
 * renderer) renders afresh; the old one is dropped with its answer.
 */
export function createRenderedPages(
  read: ReadSiteText,
  encode: EncodeBody = UNCOMPRESSED,
): (request: PageRequest) => Promise<RenderedPage> {
  const byAnswer = new WeakMap<ProspectAnswer, Map<string, Promise<RenderedPage>>>()
  const rendererIds = new WeakMap<SiteRenderer, number>()
  let nextRendererId = 0
  return (request) => {
    let rendererId = rendererIds.get(request.renderer)
    if (rendererId === undefined) {
      rendererId = nextRendererId++
      rendererIds.set(request.renderer, rendererId)
    }
    const key = [
      request.pathname,
      request.shell.etag,
      rendererId,
      request.siteUrl,
      request.productName,
      request.prospectPicture === true,
      request.panelCss?.etag ?? '',
    ].join(' ')
    let variants = byAnswer.get(request.answer)
    if (!variants) {
      variants = new Map()
      byAnswer.set(request.answer, variants)
    }
    const known = variants.get(key)
    if (known) return known
    if (variants.size >= MAX_VARIANTS) variants.clear()
    const page = render(request, read, encode)
    variants.set(key, page)
    page.catch(() => variants.get(key) === page && variants.delete(key))
    return page
  }
}

async function render(request: PageRequest, read: ReadSiteText, encode: EncodeBody): Promise<RenderedPage> {
  const { answer, slug, pathname, shell, renderer } = request
  const head = prospectPageHead(answer.response, slug, {
    productName: request.productName,
    siteUrl: request.siteUrl,
    prospectPicture: request.prospectPicture === true,
  })
  const body = renderer.renderProspectPage(pathname, { slug, answer: answer.response })
  const panel = request.panelCss ? drawPanel(body, request.panelCss.text, answer.response) : null
  // The drawn panel's script goes in the head, outside the tree React hydrates, to hear a press on
  // the panel from its first paint.
  const filled = panel
    ? fillShell(shell.text, `${head}\n    <script>${panel.script}</script>`, panel.html)
    : fillShell(shell.text, head, body)
  const page = await inlineHead(filled, read)
  const identity = new TextEncoder().encode(page.html) as Bytes
  const file = await encode(identity)
  if (!panel) return { file, styleHashes: page.styleHashes, scriptHashes: page.scriptHashes }
  // The panel's stylesheet (inline in its shadow root) and its script are allowed by their hashes,
  // like the head's.
  return {
    file,
    styleHashes: [...page.styleHashes, await sourceHash(panel.style)],
    scriptHashes: [...page.scriptHashes, await sourceHash(panel.script)],
  }
}

/** The page's CSP with its inline blocks allowed by their hashes. */
export const pagePolicy = (policy: string, page: RenderedPage): string =>
  allowInCsp(allowInCsp(policy, 'style-src', page.styleHashes), 'script-src', page.scriptHashes)
