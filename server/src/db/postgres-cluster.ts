import { type SpawnSyncOptions, spawn, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'

/** Where Debian's `postgresql` package puts the server (not on PATH), newest version first. */
const DEBIAN_ROOT = '/usr/lib/postgresql'

/**
 * The directory holding `initdb`, `pg_ctl` and `psql` of a local PostgreSQL: PATH first, then
 * Debian's versioned directories. Null when PostgreSQL is not installed.
 */
export function findPostgresBin(): string | null {
  const candidates = [
    ...(process.env.PATH ?? '').split(delimiter),
    ...(existsSync(DEBIAN_ROOT)
      ? readdirSync(DEBIAN_ROOT)
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => join(DEBIAN_ROOT, version, 'bin'))
      : []),
  ]
  return (
    candidates.find((dir) => ['initdb', 'pg_ctl', 'psql'].every((tool) => existsSync(join(dir, tool)))) ??
    null
  )
}

export interface PsqlResult {
  status: number
  stdout: string
  stderr: string
}

export interface PostgresCluster {
  /** The server's major version, e.g. "15". */
  version: string
  /** A connection string for the cluster's superuser on its `postgres` database. */
  url: string
  /** Runs SQL through psql as the cluster's superuser, stopping at the first error (in one transaction if `single`). */
  psql(sql: string, options?: { single?: boolean }): PsqlResult
  /** The same in a process of its own, so several sessions can run at once (concurrency tests). */
  psqlAsync(sql: string): Promise<PsqlResult>
  stop(): void
}

/**
 * A throwaway cluster: initdb into a temp directory, then pg_ctl on a free loopback port, trusted
 * local logins only. PostgreSQL refuses to run as root, so as root (CI) its tools run as the
 * `postgres` user that Debian's package creates (else `nobody`), owning the temp directory.
 */
export async function startPostgresCluster(bin: string): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'pg-cluster-'))
  const user = process.getuid?.() === 0 ? findUnprivilegedUser() : null
  if (user) chownSync(dir, user.uid, user.gid)
  const as: SpawnSyncOptions = { encoding: 'utf8', ...(user ? { uid: user.uid, gid: user.gid } : {}) }
  const data = join(dir, 'data')
  const port = await findFreePort()
  const run = (tool: string, args: string[], options: SpawnSyncOptions = as) => {
    const result = spawnSync(join(bin, tool), args, { ...options, encoding: 'utf8' })
    if (result.status !== 0) {
      throw new Error(`${tool} failed (${result.status ?? result.signal}): ${result.stderr}${result.stdout}`)
    }
    return result
  }
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'])
    const settings = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off`
    run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', settings, '-w', '-t', '30', 'start'])
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  const version = readFileSync(join(data, 'PG_VERSION'), 'utf8').trim()
  let stopped = false
  const psqlArgs = [
    '-X',
    '-q',
    '-At',
    '-v',
    'ON_ERROR_STOP=1',
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
  ]
  return {
    version,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    psql(sql, options = {}) {
      const result = spawnSync(
        join(bin, 'psql'),
        [...psqlArgs, ...(options.single ? ['-1'] : []), '-f', '-'],
        {
          input: sql,
          encoding: 'utf8',
        },
      )
      return { status: result.status ?? -1, stdout: result.stdout.trim(), stderr: result.stderr.trim() }
    },
    psqlAsync(sql) {
      return new Promise((resolve, reject) => {
        const child = spawn(join(bin, 'psql'), [...psqlArgs, '-f', '-'], { stdio: ['pipe', 'pipe', 'pipe'] })
        const stdout: string[] = []
        const stderr: string[] = []
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => stdout.push(chunk))
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk))
        child.once('error', reject)
        child.once('close', (status) =>
          resolve({ status: status ?? -1, stdout: stdout.join('').trim(), stderr: stderr.join('').trim() }),
        )
        child.stdin.end(sql)
      })
    },
    stop() {
      if (stopped) return
      stopped = true
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

function findUnprivilegedUser(): { uid: number; gid: number } {
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n')
  for (const name of ['postgres', 'nobody']) {
    const fields = passwd.find((line) => line.startsWith(`${name}:`))?.split(':')
    if (fields?.[2] && fields[3]) return { uid: Number(fields[2]), gid: Number(fields[3]) }
  }
  throw new Error('Running as root, and there is no postgres or nobody user to run PostgreSQL as.')
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}
