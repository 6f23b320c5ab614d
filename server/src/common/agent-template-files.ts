import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type AgentTemplateSet, createAgentTemplateSet } from '#core/agent.ts'
import { AgentTemplateError, type AgentTemplateSource, readAgentTemplateFile } from '#core/agent-template.ts'

/** The repository's templates, where `AGENT_TEMPLATES_DIR` does not point elsewhere. */
export const DEFAULT_AGENT_TEMPLATES_DIR = fileURLToPath(
  new URL('../../../agent-templates/', import.meta.url),
)

/**
 * Reads every `<name>.md` of the folder as an agent template, in name order. A folder that cannot be
 * read, or a file not in the template's shape, is an AgentTemplateError naming it.
 */
export async function readAgentTemplateFolder(dir: string): Promise<AgentTemplateSource[]> {
  let names: string[]
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort()
  } catch (error) {
    throw new AgentTemplateError(
      `Agent templates: cannot read the folder ${dir} (${(error as NodeJS.ErrnoException).code ?? error}); ` +
        'set AGENT_TEMPLATES_DIR to the folder of the agent templates',
      { cause: error },
    )
  }
  return Promise.all(
    names.map(async (name) =>
      readAgentTemplateFile(name.slice(0, -3), await readFile(join(dir, name), 'utf8')),
    ),
  )
}

/**
 * The folder's templates, each checked (an AgentTemplateError names the template and the placeholder or
 * part at fault, so a bad template stops the server at start rather than reaching a prospect).
 */
export async function loadAgentTemplates(
  dir: string = DEFAULT_AGENT_TEMPLATES_DIR,
): Promise<AgentTemplateSet> {
  return createAgentTemplateSet(await readAgentTemplateFolder(dir))
}
