import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir, readdir, symlink, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { THEMES_DIR, WORDPRESS_DIR } from './servers.ts'

/**
 * A WordPress of its own in a temporary directory, from Debian's files and without touching /etc:
 * Debian's `wp-config.php` reads `/etc/wordpress/config-<host>.php`, so the site is a farm of links to
 * `/usr/share/wordpress` with a `wp-config.php` of its own, and a PHP file prepended to every request
 * names the farm as WordPress's root (a linked file's `__DIR__` is Debian's folder, so WordPress would
 * otherwise look there). Its wp-content holds the two themes (linked) and the plugins given.
 */

const TASKS = resolve(import.meta.dirname, 'wp-tasks.php')
const run = promisify(execFile)

export interface SiteFiles {
  /** The document root for PHP's server. */
  root: string
  /** The file PHP runs before every request and task. */
  prepend: string
  plugins: string
  debugLog: string
}

export async function createSiteFiles(dir: string, dbSocket: string): Promise<SiteFiles> {
  const root = join(dir, 'wordpress')
  const content = join(root, 'wp-content')
  const plugins = join(content, 'plugins')
  await mkdir(join(content, 'themes'), { recursive: true })
  await mkdir(plugins, { recursive: true })
  await mkdir(join(content, 'uploads'), { recursive: true })
  const own = new Set(['wp-config.php', 'wp-content', '.htaccess'])
  for (const entry of await readdir(WORDPRESS_DIR)) {
    if (!own.has(entry)) await symlink(join(WORDPRESS_DIR, entry), join(root, entry))
  }
  for (const theme of ['twentytwentythree', 'twentytwentyone']) {
    await symlink(join(THEMES_DIR, theme), join(content, 'themes', theme))
  }
  const debugLog = join(dir, 'debug.log')
  const define = (name: string, value: string | boolean) => `define(${php(name)}, ${php(value)});`
  const salts = ['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT']
  const config = [
    '<?php',
    define('DB_NAME', 'wordpress'),
    define('DB_USER', 'root'),
    define('DB_PASSWORD', ''),
    define('DB_HOST', `localhost:${dbSocket}`),
    define('WP_CONTENT_DIR', content),
    ...[...salts, 'LOGGED_IN_SALT', 'NONCE_SALT'].map((name) =>
      define(name, randomBytes(24).toString('hex')),
    ),
    // A closed network: WordPress asks wordpress.org for nothing, and runs no cron on page views.
    define('WP_HTTP_BLOCK_EXTERNAL', true),
    define('DISABLE_WP_CRON', true),
    define('AUTOMATIC_UPDATER_DISABLED', true),
    define('WP_ENVIRONMENT_TYPE', 'local'),
    define('FS_METHOD', 'direct'),
    // Every notice and warning goes to a log the test reads.
    define('WP_DEBUG', true),
    define('WP_DEBUG_DISPLAY', false),
    define('WP_DEBUG_LOG', debugLog),
    "$table_prefix = 'wp_';",
    "require_once ABSPATH . 'wp-settings.php';",
    '',
  ].join('\n')
  await writeFile(join(root, 'wp-config.php'), config)
  const prepend = join(dir, 'prepend.php')
  await writeFile(prepend, `<?php\n${define('ABSPATH', `${root}/`)}\n`)
  return { root, prepend, plugins, debugLog }
}

/**
 * Runs `e2e-wordpress/wp-tasks.php` (WordPress's own PHP functions, as wp-cli would) with `steps`, for
 * the site at `url`; resolves with what it printed.
 */
export async function runTasks(files: SiteFiles, url: string, steps: TaskStep[]): Promise<string> {
  const { stdout } = await run(
    'php',
    ['-d', `auto_prepend_file=${files.prepend}`, TASKS, url, JSON.stringify(steps)],
    { encoding: 'utf8' },
  )
  return stdout
}

export type TaskStep =
  | { task: 'install'; title: string; adminPassword: string }
  | { task: 'install-plugin'; zip: string }
  | { task: 'activate-plugin'; plugin: string }
  | { task: 'uninstall-plugin'; plugin: string }
  | { task: 'deactivate-plugin'; plugin: string }
  | { task: 'add-widget'; kind: 'block' | 'text'; sidebar: string; content: string }
  | { task: 'add-user'; login: string; password: string; role: string }
  | { task: 'switch-theme'; theme: string }

const php = (value: string | boolean) =>
  typeof value === 'boolean' ? String(value) : `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`
