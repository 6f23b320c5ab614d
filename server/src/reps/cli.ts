import { parseArgs } from 'node:util'
import { AppError } from '#core/errors.ts'
import type { RepRole } from '#core/rep-api.ts'
import { printTable } from '../common/print-table.ts'
import { getLocalSiteOrigin } from '../common/site-origin.ts'
import { describeFailure } from '../db/filesystem-errors.ts'
import { type DatabaseStore, openDatabaseStore, StoreConfigError, withStore } from '../db/open-store.ts'
import {
  addRep,
  createOneTimeLink,
  isRepEmail,
  listReps,
  resetRepPassword,
  setRepDisabled,
} from './rep-accounts.ts'

export const USAGE = `Usage: npm run reps -- <command> [options]

Commands:
  add <email> [--admin]   add a sales rep (or an admin) and print a one-time link, valid 24 hours,
                          where they set their password
  reset <email>           print a new one-time link; their password, earlier links and every
                          session stop working at once
  disable <email>         sign them out everywhere at once; they cannot sign in until enabled
                          (never the last enabled admin)
  enable <email>          let a disabled rep sign in again
  list                    every rep: email, role, status, since when

Options:
  --admin                 add: an admin, who also manages the team in the browser (/_/team)
  --site-url <url>        where the pages are published (SITE_URL; default: the address the running
                          server printed, else http://HOST:PORT as the server would listen,
                          http://127.0.0.1:8787 by default)

The database: PostgreSQL at DATABASE_URL (servers may run meanwhile), else the embedded one under
DATA_DIR (default .data/), through the server when one runs on it. See docs/operations.md,
"Sales reps".`

export interface RepsCliIo {
  stdout: { write(text: string): unknown }
  stderr: { write(text: string): unknown }
  env: Record<string, string | undefined>
  /** Opens the database; tests pass their own. */
  openStore?: (env: Record<string, string | undefined>) => Promise<DatabaseStore>
  /** The clock links expire by; tests set it. */
  now?: () => Date
}

const COMMANDS = new Set(['add', 'reset', 'disable', 'enable', 'list'])

/**
 * Runs one command; resolves to the exit code (0 done, 1 refused or failed, 2 wrong usage) and never
 * rejects. Links go to stdout (the one thing to copy), everything else to stderr.
 */
export async function runRepsCli(argv: readonly string[], io: RepsCliIo): Promise<number> {
  const out = (line: string) => void io.stdout.write(`${line}\n`)
  const err = (line: string) => void io.stderr.write(`${line}\n`)
  const usage = (problem: string) => {
    err(`${problem}\n\n${USAGE}`)
    return 2
  }
  let parsed: ReturnType<typeof parseCli>
  try {
    parsed = parseCli(argv)
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error))
  }
  const { command, args, values } = parsed
  if (values.help || command === 'help') {
    out(USAGE)
    return 0
  }
  if (command === undefined || !COMMANDS.has(command)) {
    return usage(`${command === undefined ? 'No command given' : `Unknown command "${command}"`}.`)
  }
  const expected = command === 'list' ? 0 : 1
  if (args.length !== expected)
    return usage(`"${command}" takes ${expected === 0 ? 'no argument' : 'an email'}.`)
  if (values.admin && command !== 'add') return usage('--admin goes with "add" only.')
  const email = (args[0] ?? '').trim().toLowerCase()
  if (command !== 'list' && !isRepEmail(email)) {
    return usage(`"${args[0]}" is not an email address.`)
  }
  const chosenUrl = readSiteUrl(values['site-url'], io.env)
  if (chosenUrl === null) return usage('--site-url / SITE_URL must be an http(s) URL.')

  const now = io.now ?? (() => new Date())
  const open = () => (io.openStore ?? openDatabaseStore)(io.env)
  try {
    return await withStore(open, async ({ db, target, serverOrigin }) => {
      // Where the person will open the link: the host the session cookie will belong to.
      const siteUrl = chosenUrl ?? serverOrigin ?? getLocalSiteOrigin(io.env)
      const newLink = () => createOneTimeLink(siteUrl, now())
      const noRep = () => {
        err(`No rep ${email} in the ${target}.`)
        return 1
      }
      switch (command) {
        case 'add': {
          const role: RepRole = values.admin ? 'admin' : 'rep'
          const { link, url } = newLink()
          const result = await addRep(db, email, role, link)
          if (!result.added) {
            err(`${email} is already a rep. For a new link: npm run reps -- reset ${email}`)
            return 1
          }
          err(
            `Added ${role === 'admin' ? 'admin' : 'rep'} ${email}. Send them this link; it works once, for 24 hours:`,
          )
          out(url)
          return 0
        }
        case 'reset': {
          const { link, url } = newLink()
          const result = await resetRepPassword(db, email, link)
          if (!result) return noRep()
          err(
            `Reset ${email}: the old password no longer works; ${plural(result.ended_sessions, 'session')} ended. ` +
              'Send them this link; it works once, for 24 hours:',
          )
          out(url)
          if (result.disabled) err(`${email} is disabled: the link works once you enable them.`)
          return 0
        }
        case 'disable':
        case 'enable': {
          const result = await setRepDisabled(db, email, command === 'disable', now())
          if (!result) return noRep()
          if (result.status === 'last_admin') {
            // The database keeps one enabled admin at all times, for the team page and this command alike.
            err(`${email} is the last enabled admin. Add another first: npm run reps -- add <email> --admin`)
            return 1
          }
          if (!result.changed) err(`${email} was already ${command}d.`)
          else if (command === 'disable')
            err(`Disabled ${email}; ${plural(result.ended_sessions, 'session')} ended.`)
          else err(`Enabled ${email}: they can sign in again.`)
          return 0
        }
        default: {
          const reps = await listReps(db)
          const status = (rep: (typeof reps)[number]) =>
            rep.disabled ? 'disabled' : rep.password_set ? 'active' : 'invited (no password yet)'
          printTable(out, [
            ['EMAIL', 'ROLE', 'STATUS', 'SINCE'],
            ...reps.map((rep) => [
              rep.email,
              rep.role,
              status(rep),
              new Date(rep.created_at).toISOString().slice(0, 10),
            ]),
          ])
          err(`${plural(reps.length, 'rep')} in the ${target}.`)
          return 0
        }
      }
    })
  } catch (error) {
    if (error instanceof StoreConfigError) err(error.message)
    else if (error instanceof AppError && error.cause instanceof Error) err(error.cause.message)
    else err(describeFailure(error, `The command "${command}" failed`))
    return 1
  }
}

function parseCli(argv: readonly string[]) {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      admin: { type: 'boolean' },
      'site-url': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  const [command, ...args] = positionals
  return { command, args, values }
}

/** The pages' origin chosen for links (--site-url, else SITE_URL); undefined: none; null: not http(s). */
function readSiteUrl(
  option: string | undefined,
  env: Record<string, string | undefined>,
): string | null | undefined {
  const value = option || env.SITE_URL
  if (!value) return undefined
  if (!URL.canParse(value)) return null
  const url = new URL(value)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  return url.href.replace(/\/+$/, '')
}

const plural = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`
