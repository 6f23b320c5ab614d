/**
 * The text of an agent's first message or system prompt, written with the prospect's fields as
 * placeholders, in a small subset of Liquid (the syntax the voice platform's own prompts use):
 *
 *   {{ company_name }}                       the value
 *   {{ city | default: "your area" }}        the value, else the text in quotes
 *   {% if opening_hours %}…{% else %}…{% endif %}   a part kept only with (or without) the value
 *
 * A text is compiled once (`compileAgentText`), which refuses anything outside the subset, a name that
 * is not a placeholder, and an optional value that could be empty where it stands, so that a render
 * can never print `{{city}}`, "undefined" or an empty "in ." to an agent or a page.
 */

/**
 * The prospect's fields a text may name; the first two are never empty. `description` is the business's
 * own words from its website: a text quotes it as data, never as instructions to the agent.
 */
export const AGENT_PLACEHOLDERS = [
  'name',
  'company_name',
  'city',
  'services',
  'opening_hours',
  'website',
  'booking_link',
  'phone',
  'description',
] as const
export type AgentPlaceholder = (typeof AGENT_PLACEHOLDERS)[number]
export type OptionalPlaceholder = Exclude<AgentPlaceholder, 'name' | 'company_name'>

/** What a text is rendered with: the contact's name and the company always, the details when known. */
export type AgentValues = { name: string; company_name: string } & Partial<
  Record<OptionalPlaceholder, string>
>

export type AgentTextPart =
  | { kind: 'text'; text: string }
  | { kind: 'value'; name: AgentPlaceholder; fallback: string | null }
  | { kind: 'if'; name: AgentPlaceholder; present: AgentTextPart[]; otherwise: AgentTextPart[] }

/** A text that breaks the rule; `message` says where and what, for the person who wrote it. */
export class AgentTextError extends Error {
  override readonly name = 'AgentTextError'
}

const isPlaceholder = (name: string): name is AgentPlaceholder =>
  (AGENT_PLACEHOLDERS as readonly string[]).includes(name)
const isRequired = (name: AgentPlaceholder) => name === 'name' || name === 'company_name'

const TOKEN = /\{\{([\s\S]*?)\}\}|\{%([\s\S]*?)%\}/g
const VALUE = /^\s*([A-Za-z_][\w.]*)\s*(?:\|\s*default\s*:\s*"([^"{}%]*)"\s*)?$/
const TAG = /^\s*(if|else|endif)(?:\s+([A-Za-z_][\w.]*))?\s*$/
const PLACEHOLDER_LIST = AGENT_PLACEHOLDERS.join(', ')

interface Frame {
  name: AgentPlaceholder | null
  present: AgentTextPart[]
  otherwise: AgentTextPart[] | null
}

/** Parses a text into parts, or throws AgentTextError naming the first thing wrong with it. */
export function compileAgentText(source: string): AgentTextPart[] {
  const root: Frame = { name: null, present: [], otherwise: null }
  const stack: Frame[] = [root]
  const current = () => stack.at(-1) as Frame
  const push = (part: AgentTextPart) => (current().otherwise ?? current().present).push(part)
  let end = 0
  for (const match of source.matchAll(TOKEN)) {
    pushText(source.slice(end, match.index), push)
    end = match.index + match[0].length
    if (match[1] !== undefined) push(readValue(match[0], match[1]))
    else readTag(match[0], match[2] ?? '', stack, push)
  }
  pushText(source.slice(end), push)
  const open = current()
  if (open.name !== null) throw new AgentTextError(`{% if ${open.name} %} has no {% endif %}`)
  checkGuarded(root.present, new Set())
  return root.present
}

function pushText(text: string, push: (part: AgentTextPart) => void): void {
  if (text === '') return
  for (const stray of ['{{', '}}', '{%', '%}']) {
    if (text.includes(stray)) throw new AgentTextError(`"${stray}" without its other half`)
  }
  push({ kind: 'text', text })
}

function readValue(token: string, inner: string): AgentTextPart {
  const match = VALUE.exec(inner)
  if (!match) {
    throw new AgentTextError(
      `${token} is not a placeholder: write {{ name }} or {{ name | default: "text" }}`,
    )
  }
  const name = checkName(match[1] ?? '', token)
  return { kind: 'value', name, fallback: match[2]?.trim() || null }
}

function readTag(token: string, inner: string, stack: Frame[], push: (part: AgentTextPart) => void): void {
  const match = TAG.exec(inner)
  const frame = stack.at(-1) as Frame
  if (!match)
    throw new AgentTextError(`${token} is not a tag this text may use: {% if %}, {% else %}, {% endif %}`)
  const [, tag, name] = match
  if (tag === 'if') {
    if (!name) throw new AgentTextError(`${token} names no placeholder`)
    stack.push({ name: checkName(name, token), present: [], otherwise: null })
    return
  }
  if (name) throw new AgentTextError(`${token} takes no name`)
  if (frame.name === null) throw new AgentTextError(`${token} without an {% if %} before it`)
  if (tag === 'else') {
    if (frame.otherwise) throw new AgentTextError(`{% if ${frame.name} %} has two {% else %}`)
    frame.otherwise = []
    return
  }
  stack.pop()
  push({ kind: 'if', name: frame.name, present: frame.present, otherwise: frame.otherwise ?? [] })
}

function checkName(name: string, token: string): AgentPlaceholder {
  if (isPlaceholder(name)) return name
  throw new AgentTextError(
    `${token}: "${name}" is not a placeholder (the placeholders are ${PLACEHOLDER_LIST})`,
  )
}

/** An optional value must stand where it is known to be present, or carry a default. */
function checkGuarded(parts: readonly AgentTextPart[], present: ReadonlySet<AgentPlaceholder>): void {
  for (const part of parts) {
    if (
      part.kind === 'value' &&
      !isRequired(part.name) &&
      part.fallback === null &&
      !present.has(part.name)
    ) {
      throw new AgentTextError(
        `{{ ${part.name} }} may be empty there: put it inside {% if ${part.name} %}…{% endif %} or give it a ` +
          `default, {{ ${part.name} | default: "…" }}`,
      )
    }
    if (part.kind === 'if') {
      checkGuarded(part.present, new Set([...present, part.name]))
      checkGuarded(part.otherwise, present)
    }
  }
}

/** The value of `name`, trimmed; empty when unknown. */
const read = (values: AgentValues, name: AgentPlaceholder): string => values[name]?.trim() ?? ''

/** Renders compiled parts with `values`, then tidies the spaces a dropped part leaves behind. */
export function renderAgentText(parts: readonly AgentTextPart[], values: AgentValues): string {
  return tidy(renderParts(parts, values))
}

function renderParts(parts: readonly AgentTextPart[], values: AgentValues): string {
  let text = ''
  for (const part of parts) {
    if (part.kind === 'text') text += part.text
    else if (part.kind === 'value') text += read(values, part.name) || (part.fallback ?? '')
    else text += renderParts(read(values, part.name) ? part.present : part.otherwise, values)
  }
  return text
}

/**
 * Two spaces become one, a space before punctuation goes, every line loses the spaces at its ends
 * and at most one empty line separates paragraphs.
 */
function tidy(text: string): string {
  return text
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/[ \t]+([.,;:!?])/g, '$1')
    .replace(/^[ \t]+|[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/**
 * The most characters a text can render to, each value at its longest (`maxLength`) and each `if`
 * taking its longer side: what the longest details could make of it.
 */
export function measureLongestRender(
  parts: readonly AgentTextPart[],
  maxLength: (name: AgentPlaceholder) => number,
): number {
  let total = 0
  for (const part of parts) {
    if (part.kind === 'text') total += [...part.text].length
    else if (part.kind === 'value') total += Math.max(maxLength(part.name), [...(part.fallback ?? '')].length)
    else
      total += Math.max(
        measureLongestRender(part.present, maxLength),
        measureLongestRender(part.otherwise, maxLength),
      )
  }
  return total
}

/** True when the text names a placeholder at all (a hand-written prompt usually names none). */
export const hasPlaceholders = (source: string): boolean => /\{\{|\{%/.test(source)
