import { parseArgs } from 'node:util'
import { renderProspectAgent } from '#core/agent.ts'
import { AgentTemplateError } from '#core/agent-template.ts'
import { describeWebsiteProgress } from '#core/website-reading.ts'
import { loadAgentTemplates } from '../common/agent-template-files.ts'
import { printTable } from '../common/print-table.ts'
import { describeFailure } from '../db/filesystem-errors.ts'
import { type DatabaseStore, openDatabaseStore, StoreConfigError, withStore } from '../db/open-store.ts'
import { importProspects } from './import-prospects.ts'
import { getProspectLink, getProspectSnippet, LinkSettingsError, resolveLinkSettings } from './links.ts'
import { createProgress, formatCount, type ProgressStream } from './progress.ts'
import {
  deleteProspect,
  getProspect,
  listProspects,
  ProspectStoreError,
  readWebsiteProgress,
} from './prospect-store.ts'

export const USAGE = `Usage: npm run prospects -- <command> [options]

Commands:
  import <file.csv>   check every row, then insert or update all of them by slug in one
                      transaction (nothing is written if any row is bad), and write each
                      prospect's link and embed snippet to <file>.links.csv
  list                every prospect: slug, name, company
  websites            how far the reading of imported prospects' websites got, and each site
                      that could not be read, with why
  show <slug>         one prospect's fields, its agent as served, link and snippet
  delete <slug>       delete one prospect (never the fallback "visitor")

Options:
  --out <file>        import: where to write the links and snippets
  --dry-run           import: check the file only, write nothing
  --site-url <url>    where the site is published (SITE_URL; default: the address the running
                      server printed, else http://HOST:PORT, http://127.0.0.1:8787 by default)
  --widget-url <url>  widget.mjs for snippets (WIDGET_SCRIPT_URL; default <site-url>/widget.mjs)
  --api-base <url>    API base for snippets when it is not widget.mjs's origin (SITE_API_BASE)

The database: PostgreSQL at DATABASE_URL (servers may run meanwhile), else the embedded one under
DATA_DIR (default .data/), through the server when one runs on it.
CSV columns (header row, any order): slug, name, company_name, and optionally template (an agent
template: general, dental, …; empty: general), city, services, opening_hours, website, booking_link,
phone, description, logo (a stored logo's id), theme_color (#rrggbb), first_message and system (in
place of the template's), assistant_id. A row with a website and blank details has its site read in
the background by the server, which fills only what was left blank. The templates are the files of
agent-templates/ (AGENT_TEMPLATES_DIR). See docs/operations.md, "Bulk prospects".`

export interface CliIo {
  stdout: ProgressStream
  stderr: ProgressStream
  env: Record<string, string | undefined>
  /** Opens the database the commands work on; tests replace it to make the disk fail. */
  openStore?: (env: Record<string, string | undefined>) => Promise<DatabaseStore>
}

/**
 * Runs one command; resolves to the exit code (0 done, 1 refused or failed, 2 wrong usage) and never
 * rejects: whatever stops a command is printed to stderr, as one sentence when the operator can fix it.
 */
export async function runProspectsCli(argv: readonly string[], io: CliIo): Promise<number> {
  const out = (line: string) => void io.stdout.write(`${line}\n`)
  const err = (line: string) => void io.stderr.write(`${line}\n`)
  let parsed: ReturnType<typeof parseCli>
  try {
    parsed = parseCli(argv)
  } catch (error) {
    err(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`)
    return 2
  }
  const { command, args, values } = parsed
  if (values.help || command === 'help') {
    out(USAGE)
    return 0
  }
  if (command === undefined || !COMMANDS.has(command)) {
    err(`${command === undefined ? 'No command given' : `Unknown command "${command}"`}.\n\n${USAGE}`)
    return 2
  }
  const expected = command === 'list' || command === 'websites' ? 0 : 1
  if (args.length !== expected) {
    err(`"${command}" takes ${expected === 0 ? 'no argument' : 'one argument'}.\n\n${USAGE}`)
    return 2
  }

  try {
    const inputs = {
      siteUrl: values['site-url'],
      widgetUrl: values['widget-url'],
      apiBase: values['api-base'],
    }
    // Checked before anything else (a bad option is refused at once), and again with the address of
    // the server the command goes through, if it does: links name the host people sign in on.
    resolveLinkSettings(inputs, io.env)
    const links = (serverOrigin: string | undefined) => resolveLinkSettings(inputs, io.env, serverOrigin)
    const openStore = () => (io.openStore ?? openDatabaseStore)(io.env)
    const loadTemplates = () => loadAgentTemplates(io.env.AGENT_TEMPLATES_DIR || undefined)
    const [target = ''] = args
    switch (command) {
      case 'import': {
        const result = await importProspects({
          file: target,
          out: values.out,
          dryRun: values['dry-run'] ?? false,
          links,
          templateIds: (await loadTemplates()).list.map((template) => template.source.id),
          openStore,
          progress: createProgress(io.stderr),
          report: err,
        })
        return result.status === 'imported' || result.status === 'checked' ? 0 : 1
      }
      case 'list':
        return await withStore(openStore, async (store) => {
          const rows = []
          for await (const row of listProspects(store.db)) rows.push([row.slug, row.name, row.company_name])
          printTable(out, [['SLUG', 'NAME', 'COMPANY'], ...rows])
          err(`${formatCount(rows.length)} prospect${rows.length === 1 ? '' : 's'} in the ${store.target}.`)
          return 0
        })
      case 'websites':
        return await withStore(openStore, async (store) => {
          const { counts, failures } = await readWebsiteProgress(store.db)
          for (const row of failures) out(`${row.slug}\t${row.website}\t${row.error}`)
          err(
            describeWebsiteProgress(counts) +
              (counts.pending > 0 ? `; ${formatCount(counts.pending)} to go.` : '.'),
          )
          return 0
        })
      case 'show':
        return await withStore(openStore, async (store) => {
          const row = await getProspect(store.db, target)
          if (!row) {
            err(`No prospect "${target}" in the ${store.target}.`)
            return 1
          }
          for (const [key, value] of Object.entries(row)) out(`${key}: ${value ?? '(none)'}`)
          const agent = renderProspectAgent(await loadTemplates(), row)
          out(`agent's first message (as served):\n${agent.firstMessage}`)
          out(`agent's system prompt (as served):\n${agent.system}`)
          out(`link: ${getProspectLink(links(store.serverOrigin), row.slug)}`)
          out(`snippet:\n${getProspectSnippet(links(store.serverOrigin), row.slug)}`)
          return 0
        })
      default:
        return await withStore(openStore, async (store) => {
          if (await deleteProspect(store.db, target)) {
            out(`Deleted prospect "${target}".`)
            return 0
          }
          err(`No prospect "${target}" in the ${store.target}.`)
          return 1
        })
    }
  } catch (error) {
    if (
      error instanceof AgentTemplateError ||
      error instanceof StoreConfigError ||
      error instanceof ProspectStoreError ||
      error instanceof LinkSettingsError
    ) {
      err(error.message)
      return 1
    }
    err(describeFailure(error, `The command "${command}" failed`))
    return 1
  }
}

const COMMANDS = new Set(['import', 'list', 'websites', 'show', 'delete'])

function parseCli(argv: readonly string[]) {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      'dry-run': { type: 'boolean' },
      'site-url': { type: 'string' },
      'widget-url': { type: 'string' },
      'api-base': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  const [command, ...args] = positionals
  return { command, args, values }
}
