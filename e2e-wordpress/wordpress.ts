import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startMariaDb, startPhpServer } from './servers.ts'
import { createSiteFiles, runTasks, type SiteFiles } from './site.ts'

/** The test's WordPress, installed and running, with the plugin installed from its zip and active. */
export interface WordPress {
  url: string
  files: SiteFiles
  admin: Login
  author: Login
  contributor: Login
  switchTheme(theme: string): Promise<void>
  /** Deactivates the plugin (Plugins → Deactivate). */
  deactivatePlugin(): Promise<string>
  /** Adds a widget holding `content` to `sidebar` (a block widget, or the classic Text widget). */
  addWidget(kind: 'block' | 'text', sidebar: string, content: string): Promise<string>
  /** Deactivates and deletes the plugin (Plugins → Delete); resolves with what the task printed. */
  uninstallPlugin(): Promise<string>
  /** What WordPress logged (notices, warnings, errors) since it started. */
  log(): Promise<string>
  stop(): Promise<void>
}

export interface Login {
  user: string
  password: string
}

/**
 * Starts MariaDB and PHP in a new temporary directory, installs WordPress from PHP (`wp_install`),
 * installs the plugin from `zip` as Plugins → Add New → Upload does (WordPress's Plugin_Upgrader),
 * activates it and adds an Author and a Contributor. `stop()` stops both servers and deletes the directory; a failed
 * start does so too.
 */
export async function startWordPress(zip: string): Promise<WordPress> {
  const dir = await mkdtemp(join(tmpdir(), 'voice-demo-wordpress-site-'))
  const stops: Array<() => Promise<void>> = []
  const stop = async () => {
    for (const stopOne of stops.reverse()) await stopOne()
    await rm(dir, { recursive: true, force: true })
  }
  try {
    const db = await startMariaDb(join(dir, 'mariadb'), 'wordpress')
    stops.push(db.stop)
    const files = await createSiteFiles(dir, db.socket)
    const php = await startPhpServer(files.root, files.prepend)
    stops.push(php.stop)
    // A copy: WordPress deletes the package it has unpacked.
    const upload = join(dir, 'voice-demo.zip')
    await copyFile(zip, upload)
    const admin = { user: 'admin', password: 'admin pass phrase 1' }
    const author = { user: 'author', password: 'author pass phrase 1' }
    const contributor = { user: 'contributor', password: 'contributor pass phrase 1' }
    await runTasks(files, php.url, [
      { task: 'install', title: 'Partner site', adminPassword: admin.password },
      { task: 'install-plugin', zip: upload },
      { task: 'activate-plugin', plugin: 'voice-demo/voice-demo.php' },
      { task: 'add-user', login: author.user, password: author.password, role: 'author' },
      { task: 'add-user', login: contributor.user, password: contributor.password, role: 'contributor' },
    ])
    return {
      url: php.url,
      files,
      admin,
      author,
      contributor,
      switchTheme: async (theme) => void (await runTasks(files, php.url, [{ task: 'switch-theme', theme }])),
      deactivatePlugin: () =>
        runTasks(files, php.url, [{ task: 'deactivate-plugin', plugin: 'voice-demo/voice-demo.php' }]),
      addWidget: (kind, sidebar, content) =>
        runTasks(files, php.url, [{ task: 'add-widget', kind, sidebar, content }]),
      uninstallPlugin: () =>
        runTasks(files, php.url, [{ task: 'uninstall-plugin', plugin: 'voice-demo/voice-demo.php' }]),
      log: () => readFile(files.debugLog, 'utf8').catch(() => ''),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
