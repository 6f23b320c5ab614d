import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { stopProcess, track, waitForOutput } from '../e2e-engines/processes.ts'

/**
 * The servers WordPress needs, each started by the test in its own temporary directory and stopped by
 * it: a MariaDB on a socket of its own (no TCP port, no system service), and PHP's built-in server.
 */

export const WORDPRESS_DIR = '/usr/share/wordpress'
export const THEMES_DIR = '/var/lib/wordpress/wp-content/themes'
const MARIADBD = '/usr/sbin/mariadbd'
const INSTALL_DB = '/usr/bin/mariadb-install-db'

/** What the test runs on, with the Debian packages that bring each. */
const NEEDED = [
  { path: `${WORDPRESS_DIR}/wp-settings.php`, packages: 'wordpress' },
  { path: `${THEMES_DIR}/twentytwentythree/theme.json`, packages: 'wordpress-theme-twentytwentythree' },
  { path: `${THEMES_DIR}/twentytwentyone/style.css`, packages: 'wordpress-theme-twentytwentyone' },
  { path: MARIADBD, packages: 'mariadb-server' },
  { path: INSTALL_DB, packages: 'mariadb-server' },
  { path: '/usr/bin/php', packages: 'php-cli' },
] as const

/** Throws, naming the Debian packages to install, when anything the test runs on is missing. */
export function checkPackages(): void {
  const missing: Array<{ what: string; packages: string }> = NEEDED.filter(
    ({ path }) => !existsSync(path),
  ).map(({ path, packages }) => ({ what: path, packages }))
  if (existsSync('/usr/bin/php') && !phpHasMysqli())
    missing.push({ what: "PHP's mysqli", packages: 'php-mysql' })
  if (missing.length > 0) {
    const packages = [...new Set(missing.map(({ packages }) => packages))]
    throw new Error(
      `Missing ${missing.map(({ what }) => what).join(', ')}. Install Debian's packages with ` +
        `\`apt-get install -y ${packages.join(' ')}\` (the test runs WordPress 6.1 on PHP and MariaDB).`,
    )
  }
}

const phpHasMysqli = () =>
  spawnSync('/usr/bin/php', ['-r', 'exit(extension_loaded("mysqli") ? 0 : 1);']).status === 0

export interface Running {
  stop(): Promise<void>
}

/**
 * A MariaDB with its datadir and socket in `dir`, networking off, as the user running the test (root
 * in CI, where mariadbd must be told so), with an empty `database`. Resolves once it accepts
 * connections, with its socket.
 */
export async function startMariaDb(dir: string, database: string): Promise<Running & { socket: string }> {
  const datadir = join(dir, 'data')
  const socket = join(dir, 'mysqld.sock')
  await mkdir(datadir, { recursive: true })
  const user = process.getuid?.() === 0 ? ['--user=root'] : []
  const install = track(
    spawn(
      INSTALL_DB,
      [
        '--no-defaults',
        `--datadir=${datadir}`,
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
        ...user,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    ),
  )
  let installOutput = ''
  for (const stream of [install.stdout, install.stderr])
    stream.on('data', (chunk) => (installOutput += chunk))
  const initFile = join(dir, 'init.sql')
  await writeFile(initFile, `CREATE DATABASE IF NOT EXISTS \`${database}\`;\n`)
  const code = await new Promise((resolve) => install.once('exit', resolve))
  if (code !== 0) throw new Error(`mariadb-install-db failed (${code}):\n${installOutput}`)
  const server = track(
    spawn(
      MARIADBD,
      [
        '--no-defaults',
        `--datadir=${datadir}`,
        `--socket=${socket}`,
        `--pid-file=${join(dir, 'mysqld.pid')}`,
        `--init-file=${initFile}`,
        '--skip-networking',
        '--skip-log-bin',
        '--innodb-buffer-pool-size=32M',
        ...user,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    ),
  )
  await waitForOutput(server, /(ready for connections)/, 'MariaDB')
  return { socket, stop: () => stopProcess(server) }
}

/**
 * PHP's built-in server for the site in `root` on a free loopback port (PHP picks it), with
 * `prepend` run before every request, and workers so the browser's requests run side by side.
 * Resolves with its origin. The workers are PHP's own processes: it runs in a process group of its
 * own, stopped as a whole, so none is left behind holding the port (or this process's pipes).
 */
export async function startPhpServer(root: string, prepend: string): Promise<Running & { url: string }> {
  const server = track(
    spawn(
      'php',
      ['-d', `auto_prepend_file=${prepend}`, '-d', 'display_errors=stderr', '-S', '127.0.0.1:0', '-t', root],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
        detached: true,
      },
    ),
  )
  // 'close': the group's last process has let go of the pipes.
  const closed = new Promise((resolve) => server.once('close', resolve))
  const group = -(server.pid ?? 0)
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(group, signal)
    } catch {
      // The group has gone already.
    }
  }
  process.once('exit', () => killGroup('SIGKILL'))
  const url = await waitForOutput(server, /Development Server \((http:\/\/127\.0\.0\.1:\d+)\) started/, 'PHP')
  const stop = async () => {
    killGroup('SIGTERM')
    const timer = setTimeout(() => killGroup('SIGKILL'), 10_000)
    await closed
    clearTimeout(timer)
  }
  return { url, stop }
}
