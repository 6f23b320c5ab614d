import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createAgentTemplateSet } from '#core/agent.ts'
import { AgentTemplateError } from '#core/agent-template.ts'
import {
  DEFAULT_AGENT_TEMPLATES_DIR,
  readAgentTemplateFolder,
} from '../server/src/common/agent-template-files.ts'

/**
 * `npm run build`'s step for the edge function, which has no folder to read at run time: checks every
 * agent template (agent-templates/, or AGENT_TEMPLATES_DIR) and writes them to
 * dist/agent-templates.json, which the function imports. A bad template fails the build, named.
 */
const root = fileURLToPath(new URL('../', import.meta.url))
const dir = process.env.AGENT_TEMPLATES_DIR || DEFAULT_AGENT_TEMPLATES_DIR
try {
  const templates = await readAgentTemplateFolder(dir)
  createAgentTemplateSet(templates)
  await mkdir(join(root, 'dist'), { recursive: true })
  await writeFile(join(root, 'dist', 'agent-templates.json'), `${JSON.stringify({ templates })}\n`)
  console.log(`Agent templates: ${templates.map((template) => template.id).join(', ')}`)
} catch (error) {
  console.error(error instanceof AgentTemplateError ? error.message : error)
  process.exitCode = 1
}
