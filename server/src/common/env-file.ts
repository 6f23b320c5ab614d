import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseEnv } from 'node:util'
import { ConfigError } from './config-error.ts'

/** What reading the settings file did, for the start lines: names only, never values. */
export type EnvFileResult =
  | { read: false; path: string | null }
  | { read: true; path: string; names: string[]; overridden: string[] }

/**
 * The product's commands (`npm start`, `npm run serve`, `npm run reps`, …) read their settings from
 * `.env` in the folder they run in, as the start lines tell a newcomer to write them there. The
 * environment wins over the file: a variable set in the shell or by a service manager is never
 * replaced, so production settings stay where the operator put them. `ENV_FILE` names another file;
 * `ENV_FILE=` (empty) reads none, which the tests use so a developer's own `.env` never leaks into them.
 * A missing default `.env` is normal (a fresh clone has none); a missing file that `ENV_FILE` names
 * is a mistake and throws, so the command stops with that one line instead of running without it.
 */
export function readEnvFile(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): EnvFileResult {
  const named = env.ENV_FILE
  if (named === '') return { read: false, path: null }
  const path = resolve(cwd, named ?? '.env')
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if (named === undefined && (error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { read: false, path }
    }
    throw new ConfigError(
      `ENV_FILE: could not read ${path} (${(error as NodeJS.ErrnoException).code ?? error})`,
    )
  }
  const values = parseEnv(text)
  const names: string[] = []
  const overridden: string[] = []
  for (const [name, value] of Object.entries(values)) {
    if (env[name] !== undefined) overridden.push(name)
    else {
      env[name] = value
      names.push(name)
    }
  }
  return { read: true, path, names, overridden }
}

/** The start line for what {@link readEnvFile} did; null when there was no file. */
export function describeEnvFile(result: EnvFileResult): string | null {
  if (!result.read) return null
  const parts = [
    `Settings from ${result.path}: ${result.names.length > 0 ? result.names.join(', ') : 'none'}`,
  ]
  if (result.overridden.length > 0) {
    parts.push(`(the environment's ${result.overridden.join(', ')} won over the file's)`)
  }
  return parts.join(' ')
}

/**
 * For the commands (`npm run reps`, `prospects`, `db`): reads the settings file, or writes why it
 * could not and answers the exit code 2 (the commands' code for a usage error).
 */
export function readEnvFileForCommand(stderr: NodeJS.WritableStream = process.stderr): number | undefined {
  try {
    readEnvFile()
    return undefined
  } catch (error) {
    stderr.write(`${(error as Error).message}\n`)
    return 2
  }
}
