import { readdir, readFile, stat } from 'node:fs/promises'
import { isAbsolute, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type AgentTemplateSet, createAgentTemplateSet } from '#core/agent.ts'
import { AgentTemplateError, type AgentTemplateSource, readAgentTemplateFile } from '#core/agent-template.ts'

/** The repository's templates, where `AGENT_TEMPLATES_DIR` does not point elsewhere. */
export const DEFAULT_AGENT_TEMPLATES_DIR = fileURLToPath(
  new URL('../../../agent-templates/', import.meta.url),
)

/**
 * Reads every `<name>.md` of the folder as an agent template, in name order. A folder that cannot be
 * read, a `.md` that is not a file, a file that is not UTF-8, or one not in the template's shape, is
 * an AgentTemplateError naming it.
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
      readAgentTemplateFile(name.slice(0, -3), await readTemplateText(join(dir, name))),
    ),
  )
}

/**
 * A template file's text. Its bytes must be UTF-8: read leniently, a file saved in another encoding
 * would load with replacement characters in place of its accented letters and every agent rendered
 * from it would speak them, so the start (or the build) stops naming the file instead.
 */
async function readTemplateText(path: string): Promise<string> {
  const info = await stat(path)
  const fail = (problem: string): never => {
    throw new AgentTemplateError(`Agent templates: ${shownPath(path)} ${problem}`)
  }
  if (info.isDirectory()) fail('is a folder, not a template file')
  if (!info.isFile()) fail('is not a regular file, not a template file')
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await readFile(path))
  } catch (error) {
    if (!(error instanceof TypeError)) throw error
    return fail('is not valid UTF-8 text; save it as UTF-8')
  }
}

/** A path as an operator finds it: from the working folder when it is under it, else whole. */
function shownPath(path: string): string {
  const fromHere = relative(process.cwd(), path)
  return fromHere === '' || fromHere.startsWith('..') || isAbsolute(fromHere) ? path : fromHere
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
