import {
  type AgentTemplate,
  AgentTemplateError,
  type AgentTemplateSource,
  compileAgentTemplate,
  DEFAULT_TEMPLATE_ID,
  type RenderedAgent,
  renderAgentTemplate,
} from './agent-template.ts'
import {
  AGENT_PLACEHOLDERS,
  type AgentValues,
  compileAgentText,
  type OptionalPlaceholder,
  renderAgentText,
} from './agent-text.ts'
import type { ProspectFields } from './prospect-fields.ts'

/**
 * Which agent a prospect gets: its template, rendered with its values, or a rep's own words. What a
 * call sends of it is agent-settings.ts.
 */

/** The agent templates in use: each compiled once, the general one first. */
export interface AgentTemplateSet {
  /** In the order the reps' form offers them: the general one first, then by label. */
  readonly list: readonly AgentTemplate[]
  /** The template named `id`; the general one for none, or for a name no file has any more. */
  get(id: string | null): AgentTemplate
  has(id: string): boolean
}

/**
 * Compiles every template (AgentTemplateError naming the first bad one, see compileAgentTemplate); the
 * set must have the general template, which every prospect without one uses.
 */
export function createAgentTemplateSet(sources: readonly AgentTemplateSource[]): AgentTemplateSet {
  const byId = new Map(sources.map((source) => [source.id, compileAgentTemplate(source)]))
  const general = byId.get(DEFAULT_TEMPLATE_ID)
  if (!general) {
    throw new AgentTemplateError(
      `Agent templates: there is no "${DEFAULT_TEMPLATE_ID}" template, which prospects without one use`,
    )
  }
  const others = [...byId.values()]
    .filter((template) => template !== general)
    .sort((a, b) => a.source.label.localeCompare(b.source.label, 'en'))
  return {
    list: [general, ...others],
    get: (id) => (id !== null && byId.get(id)) || general,
    has: (id) => byId.has(id),
  }
}

const OPTIONAL_PLACEHOLDERS = AGENT_PLACEHOLDERS.filter(
  (key): key is OptionalPlaceholder => key !== 'name' && key !== 'company_name',
)

/** The values a prospect's agent is rendered with: the contact, the company, and the details given. */
export function toAgentValues(fields: ProspectFields): AgentValues {
  const values: AgentValues = { name: fields.name, company_name: fields.company_name }
  for (const key of OPTIONAL_PLACEHOLDERS) {
    const value = fields[key]?.trim()
    if (value) values[key] = value
  }
  return values
}

/**
 * The agent a prospect gets: its template rendered with its values, and its own first message or
 * system prompt in place of the template's where a rep wrote one (rendered too: it may use the same
 * placeholders). A hand-written text that no longer compiles is sent as written.
 */
export function renderProspectAgent(templates: AgentTemplateSet, fields: ProspectFields): RenderedAgent {
  const values = toAgentValues(fields)
  const rendered = renderAgentTemplate(templates.get(fields.template), values)
  return {
    purpose: rendered.purpose,
    firstMessage: renderOverride(fields.first_message, values) ?? rendered.firstMessage,
    system: renderOverride(fields.system, values) ?? rendered.system,
  }
}

function renderOverride(text: string | null, values: AgentValues): string | null {
  const source = text?.trim()
  if (!source) return null
  try {
    return renderAgentText(compileAgentText(source), values)
  } catch {
    return source
  }
}
