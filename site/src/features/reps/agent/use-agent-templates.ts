import { type AgentTemplateSet, createAgentTemplateSet } from '#core/agent.ts'
import { UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import { useKeyedLoad } from '../../../lib/use-keyed-load.ts'
import { getAgentTemplates } from '../api/rep-endpoints.ts'

/** The agent templates, compiled once: what the form offers and what its preview renders with. */
export interface AgentTemplates {
  set: AgentTemplateSet
  /** Their ids, for the field rule (a prospect may name only these). */
  ids: string[]
}

export type AgentTemplatesState =
  | { status: 'loading' }
  | { status: 'done'; templates: AgentTemplates }
  | { status: 'error'; message: string }

// Compiled here, once per answer, with the same core functions the server renders with. A set that
// does not compile (a deploy half done, say) is a failure like any other.
async function loadTemplates(_key: string, signal: AbortSignal): Promise<AgentTemplates> {
  const { templates } = await getAgentTemplates(signal)
  const set = createAgentTemplateSet(templates)
  return { set, ids: set.list.map((template) => template.source.id) }
}

/** `GET templates`, compiled: loading, the set, or why there is none. */
export function useAgentTemplates(): AgentTemplatesState {
  const state = useKeyedLoad('templates', loadTemplates, { failedMessage: UNAVAILABLE_MESSAGE })
  if (state.status === 'done') return { status: 'done', templates: state.value }
  if (state.status === 'error') return state
  return { status: 'loading' }
}
