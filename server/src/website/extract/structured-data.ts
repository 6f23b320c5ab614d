import type { Element } from 'domhandler'
import { isTag, isText } from 'domhandler'
import { parseDocument } from 'htmlparser2'
import { collapseSpace, MAX_DEPTH, type ParsedPage, resolveHttpUrl, textOf } from './html.ts'

/**
 * schema.org data of one page, JSON-LD and microdata alike, as plain objects: JSON-LD as written
 * (objects found anywhere in it, `@graph` or not), microdata turned into the same shape
 * (`{"@type": [...], "telephone": [...]}`). References by `@id` ("publisher": {"@id": "#org"}, the
 * Yoast and Rank Math way of linking a graph's nodes) are followed within the page.
 */

export type SchemaNode = Record<string, unknown>

export interface StructuredData {
  /** Every object with an `@type`, in the order met: JSON-LD scripts first, then microdata items. */
  nodes: SchemaNode[]
  /** The node a `{"@id": …}` reference names (when the page defines it), else the value as given. */
  resolve(value: unknown): unknown
}

const isObject = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A JSON-LD script's text parsed, or undefined. Pages wrap scripts in HTML comments or CDATA and leave
 * trailing commas; those are forgiven (a second try after cleaning), anything worse skips the script.
 */
export function parseJsonLd(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    // Cleaned below.
  }
  const cleaned = text
    .replace(/^\s*(?:\/\/\s*)?<!--/, '')
    .replace(/(?:\/\/\s*)?-->\s*$/, '')
    .replace(/^\s*(?:\/\*\s*)?(?:\/\/\s*)?<!\[CDATA\[(?:\s*\*\/)?/, '')
    .replace(/(?:\/\*\s*)?(?:\/\/\s*)?\]\]>(?:\s*\*\/)?\s*$/, '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: raw line breaks inside strings break JSON
    .replace(/[\u0000-\u001f]+/g, ' ')
    .replace(/,\s*([}\]])/g, '$1')
    .trim()
  try {
    return JSON.parse(cleaned)
  } catch {
    return undefined
  }
}

/** Every object in a JSON value, depth first (a deep or hostile value is cut off, never recursed forever). */
function collectObjects(value: unknown, into: SchemaNode[], depth = 0): void {
  if (depth > 32 || into.length > 5000) return
  if (Array.isArray(value)) {
    for (const item of value) collectObjects(item, into, depth + 1)
  } else if (isObject(value)) {
    into.push(value)
    for (const [key, item] of Object.entries(value)) {
      if (key !== '@context') collectObjects(item, into, depth + 1)
    }
  }
}

/** Microdata's value of an `itemprop` element (the HTML standard's rules, `content` first). */
function microdataValue(element: Element, page: ParsedPage): string {
  const { attribs } = element
  if (attribs.content !== undefined) return attribs.content
  switch (element.name) {
    case 'a':
    case 'area':
    case 'link':
      return attribs.href ? (resolveHttpUrl(attribs.href, page.base) ?? attribs.href) : ''
    case 'img':
    case 'audio':
    case 'embed':
    case 'iframe':
    case 'source':
    case 'track':
    case 'video':
      return attribs.src ? (resolveHttpUrl(attribs.src, page.base) ?? attribs.src) : ''
    case 'object':
      return attribs.data ?? ''
    case 'data':
    case 'meter':
      return attribs.value ?? ''
    case 'time':
      return attribs.datetime ?? textOf(element)
    default:
      return textOf(element)
  }
}

/** The item an `itemscope` element makes: its type(s), id and properties (nested items as objects). */
function microdataItem(scope: Element, page: ParsedPage, items: SchemaNode[], depth: number): SchemaNode {
  const item: SchemaNode = {}
  const types = (scope.attribs.itemtype ?? '').split(/\s+/).filter(Boolean)
  if (types.length > 0) item['@type'] = types
  if (scope.attribs.itemid) item['@id'] = scope.attribs.itemid
  items.push(item)
  const add = (name: string, value: unknown) => {
    const values = item[name]
    if (Array.isArray(values)) values.push(value)
    else item[name] = [value]
  }
  const visit = (element: Element, level: number) => {
    if (level > MAX_DEPTH) return
    for (const child of element.children) {
      if (!isTag(child)) continue
      const props = (child.attribs.itemprop ?? '').split(/\s+/).filter(Boolean)
      const nested = child.attribs.itemscope !== undefined
      if (nested) {
        const value = depth < 16 ? microdataItem(child, page, items, depth + 1) : {}
        for (const prop of props) add(prop, value)
        continue
      }
      if (props.length > 0) {
        const value = microdataValue(child, page)
        for (const prop of props) add(prop, value)
      }
      visit(child, level + 1)
    }
  }
  visit(scope, 0)
  return item
}

/** The page's JSON-LD and microdata, with `@id` references resolvable. */
export function readStructuredData(page: ParsedPage): StructuredData {
  const objects: SchemaNode[] = []
  for (const element of page.elements) {
    if (element.name !== 'script') continue
    const type = (element.attribs.type ?? '').toLowerCase().split(';')[0]?.trim()
    if (type !== 'application/ld+json') continue
    const text = element.children.map((child) => (isText(child) ? child.data : '')).join('')
    const parsed = parseJsonLd(text)
    if (parsed !== undefined) collectObjects(parsed, objects)
  }
  const microdata: SchemaNode[] = []
  for (const element of page.elements) {
    if (element.attribs.itemscope === undefined || element.attribs.itemprop !== undefined) continue
    microdataItem(element, page, microdata, 0)
  }
  const all = [...objects, ...microdata]
  const byId = new Map<string, SchemaNode>()
  for (const node of all) {
    const id = node['@id']
    // A node defines an id when it says more than the id (a bare {"@id": …} is a reference).
    if (typeof id === 'string' && Object.keys(node).length > 1 && !byId.has(id)) byId.set(id, node)
  }
  const absolute = new Map<string, SchemaNode>()
  for (const [id, node] of byId) {
    const href = resolveId(id, page.url)
    if (href && !absolute.has(href)) absolute.set(href, node)
  }
  const resolve = (value: unknown): unknown => {
    if (!isObject(value)) return value
    const id = value['@id']
    if (typeof id !== 'string' || Object.keys(value).length > 1) return value
    const exact = byId.get(id)
    if (exact) return exact
    const href = resolveId(id, page.url)
    const found = href ? absolute.get(href) : undefined
    if (found) return found
    // "#org" against a graph written for another host (a site moved, or served from a copy).
    if (id.startsWith('#')) {
      for (const [key, node] of byId) if (key.endsWith(id)) return node
    }
    return value
  }
  return { nodes: all.filter((node) => node['@type'] !== undefined), resolve }
}

function resolveId(id: string, base: string): string | null {
  try {
    return new URL(id, base).href
  } catch {
    return null
  }
}

/** A node's types without their vocabulary: "http://schema.org/Dentist", "schema:Dentist" → "Dentist". */
export function nodeTypes(node: SchemaNode): string[] {
  const raw = node['@type']
  const list = Array.isArray(raw) ? raw : [raw]
  return list
    .filter((type): type is string => typeof type === 'string')
    .map((type) => type.replace(/^.*[/:#]/, ''))
}

/** A property's values as a list, references followed. */
export function propertyValues(data: StructuredData, node: SchemaNode, property: string): unknown[] {
  const raw = node[property] ?? node[`schema:${property}`]
  const list = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw]
  return list.map((value) => data.resolve(value))
}

/**
 * A value as text: strings (HTML entities and tags a CMS left in them removed), numbers, and
 * `{"@value": …}`; null for anything else.
 */
export function schemaText(value: unknown): string | null {
  let text: string | null = null
  if (typeof value === 'string') text = value
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value)
  else if (isObject(value) && typeof value['@value'] === 'string') text = value['@value']
  if (text === null) return null
  if (/[<&]/.test(text)) text = textOf(parseDocument(text, { decodeEntities: true }))
  const collapsed = collapseSpace(text)
  return collapsed === '' ? null : collapsed
}

/** The first value of a property that reads as text. */
export function firstText(data: StructuredData, node: SchemaNode, property: string): string | null {
  for (const value of propertyValues(data, node, property)) {
    const text = schemaText(value)
    if (text !== null) return text
  }
  return null
}
