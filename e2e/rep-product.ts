import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { APIRequestContext } from '@playwright/test'
import {
  CSRF_HEADER,
  type ProspectFields,
  REP_API_PATH,
  type RepRole,
  type SessionResponse,
} from '#core/rep-api.ts'
import { type RunningProduct, startProduct } from '../scripts/start-product.ts'
import { NO_VIDEO_ENV } from './fakes/fake-video-webhook.ts'
import { NO_VOICE_ENV } from './fakes/voice-platform.ts'

const execFileAsync = promisify(execFile)

/** A rep added by the command line and left with the one-time link it printed, unused. */
export const REP_EMAIL = 'rep@example.com'
/** An admin added by the command line, whose password is already set (through the API, from its link). */
export const ADMIN = { email: 'admin@example.com', password: 'admin pass phrase 2026' } as const

/**
 * Runs `npm run reps -- <args>` on the embedded database in `dataDir`, as an operator types it, and
 * resolves to what it printed on stdout. The server must not be running on `dataDir`.
 */
export async function runRepsCommand(dataDir: string, args: readonly string[]): Promise<string> {
  const { stdout } = await execFileAsync('npm', ['run', 'reps', '--', ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    // The first command creates the database: seconds, or a minute on a busy machine.
    timeout: 120_000,
  })
  return stdout
}

/** `npm run reps -- add <email> [--admin]`: the one-time link it printed, to set a password. */
export async function addRep(dataDir: string, email: string, role: RepRole = 'rep'): Promise<string> {
  const stdout = await runRepsCommand(dataDir, ['add', email, ...(role === 'admin' ? ['--admin'] : [])])
  const link = /^https?:\/\/\S+\/_\/set-password#token=\S+$/m.exec(stdout)?.[0]
  if (!link) throw new Error(`npm run reps -- add ${email} printed no link:\n${stdout}`)
  return link
}

/**
 * The printed link's page on `origin`: the command names SITE_URL (unset here, so localhost and the
 * default port), while the tests' server listens on a free port.
 */
export function linkOn(origin: string, link: string): string {
  const { pathname, hash } = new URL(link)
  return `${origin}${pathname}${hash}`
}

/** Sets a password with a one-time link through the API, as its page does, for a rep a test signs in. */
export async function setPasswordWithLink(origin: string, link: string, password: string): Promise<void> {
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token')
  const response = await fetch(`${origin}${REP_API_PATH}/password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, password }),
  })
  if (!response.ok)
    throw new Error(`setting a password answered ${response.status}: ${await response.text()}`)
}

/** Signs `request`'s context in (its cookie jar, shared with its pages); resolves to the session. */
export async function signInWithApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<SessionResponse> {
  const response = await request.post(`${REP_API_PATH}/session`, { data: { email, password } })
  if (!response.ok()) throw new Error(`signing in answered ${response.status()}: ${await response.text()}`)
  return (await response.json()) as SessionResponse
}

/** Creates a prospect as the signed-in rep of `request`'s context. */
export async function createProspectWithApi(
  request: APIRequestContext,
  session: SessionResponse,
  fields: Pick<ProspectFields, 'slug' | 'name' | 'company_name'> & Partial<ProspectFields>,
): Promise<void> {
  const response = await request.post(`${REP_API_PATH}/prospects`, {
    data: fields,
    headers: { [CSRF_HEADER]: session.csrfToken },
  })
  if (response.status() !== 201) {
    throw new Error(`creating ${fields.slug} answered ${response.status()}: ${await response.text()}`)
  }
}

export interface RepProduct extends RunningProduct {
  /** The link `npm run reps -- add rep@example.com` printed, not used yet. */
  readonly repLink: string
}

/**
 * The built product on a database where an operator first ran `npm run reps -- add` twice (a rep and
 * an admin) with the server stopped, as the docs say; then the admin's password is set. No voice or
 * video settings, whatever the shell has, so the panel looks the same on every machine. `seed` runs
 * last, with the server still stopped.
 */
export async function startRepProduct(
  prefix: string,
  {
    seed,
    env = {},
    ...options
  }: {
    dataDir?: string
    seed?: (dataDir: string) => Promise<void>
    env?: Record<string, string>
    entry?: readonly string[]
  } = {},
): Promise<RepProduct> {
  let repLink = ''
  let adminLink = ''
  const product = await startProduct(
    prefix,
    { ...NO_VOICE_ENV, ...NO_VIDEO_ENV, ...env },
    {
      ...options,
      prepare: async (dataDir) => {
        // One after the other: each command opens the embedded database itself.
        repLink = await addRep(dataDir, REP_EMAIL)
        adminLink = await addRep(dataDir, ADMIN.email, 'admin')
        // Then whatever the spec writes to the database before the server opens it.
        await seed?.(dataDir)
      },
    },
  )
  try {
    await setPasswordWithLink(product.url, adminLink, ADMIN.password)
  } catch (error) {
    await product.stop()
    throw error
  }
  return { ...product, repLink }
}
