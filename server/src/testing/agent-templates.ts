import type { AgentTemplateSet } from '#core/agent.ts'
import { loadAgentTemplates } from '../common/agent-template-files.ts'

let repository: Promise<AgentTemplateSet> | undefined

/** The repository's agent templates (agent-templates/), read once per test file. */
export const loadRepositoryTemplates = (): Promise<AgentTemplateSet> => {
  repository ??= loadAgentTemplates()
  return repository
}
