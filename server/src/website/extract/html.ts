import type { AnyNode, Document, Element } from 'domhandler'
import { isTag, isText } from 'domhandler'
import { parseDocument } from 'htmlparser2'

/**
 * The small DOM toolkit the extractors share: one parse per page (htmlparser2, forgiving like a
 * browser about unclosed tags), text as a reader sees it (block elements break lines, hidden parts
 * and scripts left out), and addresses resolved the way the page's links resolve.
 */

/**
 * How deep the extractors go into a page's tree. Real pages nest a few dozen levels; a hostile one
 * nesting thousands would otherwise exhaust the stack. What lies deeper is not read.
 */
export const MAX_DEPTH = 400

export interface ParsedPage {
  url: string
  /** What relative addresses resolve against: the page's `<base href>` if it has one, else its URL. */
  base: string
  document: Document
  /** Every element in document order (one walk, reused by every extractor). */
  elements: Element[]
}

export function parsePage(url: string, html: string): ParsedPage {
  const document = parseDocument(html, { decodeEntities: true, lowerCaseAttributeNames: true })
  const elements: Element[] = []
  const walk = (nodes: readonly AnyNode[], depth: number) => {
    if (depth > MAX_DEPTH) return
    for (const node of nodes) {
      if (!isTag(node)) continue
      elements.push(node)
      walk(node.children, depth + 1)
    }
  }
  walk(document.children, 0)
  const baseHref = elements.find((element) => element.name === 'base' && element.attribs.href)?.attribs.href
  const base = (baseHref && resolveHttpUrl(baseHref, url)) || url
  return { url, base, document, elements }
}

/** An absolute http(s) address without its fragment, or null (mailto:, javascript:, malformed…). */
export function resolveHttpUrl(href: string, base: string): string | null {
  const trimmed = href.trim()
  if (trimmed === '') return null
  try {
    const url = new URL(trimmed, base)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    url.hash = ''
    return url.href
  } catch {
    return null
  }
}

export const attr = (element: Element, name: string): string | undefined => element.attribs[name]

/** Whitespace of every kind (including no-break spaces) as one space, trimmed. */
export const collapseSpace = (text: string): string => text.replace(/\s+/g, ' ').trim()

/** Elements whose text no reader sees. */
const UNSEEN = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'head',
  'iframe',
  'object',
  'canvas',
  'select',
  'datalist',
])

/** Elements that start and end a line of text. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'html',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'tfoot',
  'thead',
  'tr',
  'ul',
])

/** Hidden from a visitor: the `hidden` attribute, `aria-hidden`, or an inline display:none. */
export function isHidden(element: Element): boolean {
  if (element.attribs.hidden !== undefined) return true
  if (element.attribs['aria-hidden'] === 'true') return true
  const style = element.attribs.style
  return style !== undefined && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style)
}

/** Whether an element's text is never shown (unseen kinds and hidden elements). */
export const isUnseen = (element: Element): boolean => UNSEEN.has(element.name) || isHidden(element)

export interface TextLineOptions {
  /** Leave these elements out as well (e.g. navigation for the AI's text). */
  skip?: (element: Element) => boolean
}

/**
 * The visible text under a node, one string per line as a browser would break it: blocks and `<br>`
 * end lines, table cells are separated by a space, whitespace is collapsed, empty lines dropped.
 */
export function textLines(root: AnyNode | readonly AnyNode[], options: TextLineOptions = {}): string[] {
  const lines: string[] = []
  let line = ''
  const flush = () => {
    const text = collapseSpace(line)
    if (text !== '') lines.push(text)
    line = ''
  }
  const visit = (node: AnyNode, depth: number) => {
    if (depth > MAX_DEPTH) return
    if (isText(node)) {
      line += node.data
      return
    }
    if (!isTag(node)) {
      if ('children' in node) for (const child of node.children) visit(child, depth + 1)
      return
    }
    if (isUnseen(node) || options.skip?.(node)) return
    if (node.name === 'br') {
      flush()
      return
    }
    const block = BLOCKS.has(node.name)
    if (block) flush()
    if (node.name === 'td' || node.name === 'th') line += ' '
    for (const child of node.children) visit(child, depth + 1)
    if (node.name === 'td' || node.name === 'th') line += ' '
    if (block) flush()
  }
  for (const node of Array.isArray(root) ? root : [root as AnyNode]) visit(node, 0)
  flush()
  return lines
}

/** The visible text of a node on one line. */
export const textOf = (node: AnyNode, options: TextLineOptions = {}): string =>
  textLines(node, options).join(' ')

/** Whether `element` sits inside an element `test` accepts (itself excluded). */
export function hasAncestor(element: Element, test: (ancestor: Element) => boolean): boolean {
  for (let parent = element.parent; parent; parent = parent.parent) {
    if (isTag(parent) && test(parent)) return true
  }
  return false
}

/** Elements of navigation: `<nav>` or anything with role=navigation. */
export const isNavigation = (element: Element): boolean =>
  element.name === 'nav' || element.attribs.role === 'navigation'

/** The page's visible title text (`<title>`), whitespace-collapsed. */
export function pageTitle(page: ParsedPage): string | null {
  const title = page.elements.find((element) => element.name === 'title')
  if (!title) return null
  const text = collapseSpace(title.children.map((child) => (isText(child) ? child.data : '')).join(''))
  return text || null
}

/** Folds accents and case for matching words: "Öffnungszeiten" → "offnungszeiten". */
export const foldText = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
