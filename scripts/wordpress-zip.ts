/**
 * `npm run wordpress:zip`: the WordPress plugin as WordPress installs it (Plugins → Add New → Upload),
 * `dist/wordpress/voice-demo.zip` with the folder `voice-demo/` inside. The same files give the same
 * bytes (scripts/zip-writer.ts).
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import { createZip, type ZipEntry } from './zip-writer.ts'

const ROOT = join(import.meta.dirname, '..')
export const PLUGIN_DIR = join(ROOT, 'wordpress', 'voice-demo')
export const PLUGIN_ZIP = join(ROOT, 'dist', 'wordpress', 'voice-demo.zip')

/** Every folder and file of the plugin, named as in the archive (`voice-demo/…`). */
export async function pluginEntries(dir = PLUGIN_DIR): Promise<ZipEntry[]> {
  const base = dirname(dir)
  const name = (path: string) => relative(base, path).split(sep).join('/')
  const entries: ZipEntry[] = [{ name: `${name(dir)}/` }]
  for (const item of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const path = join(item.parentPath, item.name)
    if (item.isDirectory()) entries.push({ name: `${name(path)}/` })
    else if (item.isFile()) entries.push({ name: name(path), data: await readFile(path) })
  }
  return entries
}

/** Writes the zip and prints where, and its size in bytes. */
export async function writePluginZip(): Promise<void> {
  const zip = createZip(await pluginEntries())
  await mkdir(dirname(PLUGIN_ZIP), { recursive: true })
  await writeFile(PLUGIN_ZIP, zip)
  console.log(`${relative(process.cwd(), PLUGIN_ZIP)}: ${zip.length} bytes`)
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  writePluginZip().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  })
}
