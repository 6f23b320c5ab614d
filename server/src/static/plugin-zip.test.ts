import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { afterEach, expect, it } from 'vitest'
import { PLUGIN_DIR, pluginEntries } from '../../../scripts/wordpress-zip.ts'
import { createZip } from '../../../scripts/zip-writer.ts'
import { mountPluginZip, PLUGIN_NOT_BUILT_MESSAGE, PLUGIN_ZIP_PATH, readPluginVersion } from './plugin-zip.ts'

// Reps hand site owners one address for the plugin; WordPress's "Upload Plugin" takes the zip as it
// comes, and the reps' page names the version from the answer's header.

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'plugin-zip-'))
  dirs.push(dir)
  return dir
}
const appServing = (dir: string) => {
  const app = new Hono()
  mountPluginZip(app, dir)
  return app
}

it('serves the built plugin as a download named by its version, the version its main file declares', async () => {
  const dir = tempDir()
  const zip = createZip(await pluginEntries())
  writeFileSync(join(dir, 'voice-demo.zip'), zip)
  const declared = readPluginVersion(await readFile(join(PLUGIN_DIR, 'voice-demo.php'), 'utf8'))
  expect(declared).toMatch(/^\d+\.\d+\.\d+/)

  const answer = await appServing(dir).request(PLUGIN_ZIP_PATH)
  expect(answer.status).toBe(200)
  expect(answer.headers.get('Content-Type')).toBe('application/zip')
  expect(answer.headers.get('Content-Disposition')).toBe('attachment; filename="voice-demo.zip"')
  expect(answer.headers.get('X-Plugin-Version')).toBe(declared)
  expect(Buffer.from(await answer.arrayBuffer()).equals(zip)).toBe(true)
})

it('names the new version as soon as a new build replaces the zip', async () => {
  const dir = tempDir()
  const app = appServing(dir)
  const write = (version: string, body: string) =>
    writeFileSync(
      join(dir, 'voice-demo.zip'),
      createZip([
        { name: 'voice-demo/' },
        {
          name: 'voice-demo/voice-demo.php',
          data: Buffer.from(
            `<?php\n/**\n * Plugin Name: Voice demo\n * Version:           ${version}\n */\n${body}`,
          ),
        },
      ]),
    )
  write('1.2.0', '')
  expect((await app.request(PLUGIN_ZIP_PATH)).headers.get('X-Plugin-Version')).toBe('1.2.0')
  // A different size, so the change is seen whatever the file system's clock resolution.
  write('1.3.0', '// more')
  expect((await app.request(PLUGIN_ZIP_PATH)).headers.get('X-Plugin-Version')).toBe('1.3.0')
})

it('answers 404 saying the plugin is not built when the build has no zip', async () => {
  const answer = await appServing(tempDir()).request(PLUGIN_ZIP_PATH)
  expect(answer.status).toBe(404)
  expect(await answer.json()).toEqual({ error: { code: 'not_found', message: PLUGIN_NOT_BUILT_MESSAGE } })
})

it('reads the Version line of a plugin header, and only that line', () => {
  expect(
    readPluginVersion('<?php\n/**\n * Plugin Name: X\n * Version: 2.0.1\n * Requires PHP: 8.1\n */'),
  ).toBe('2.0.1')
  expect(readPluginVersion('<?php\n/**\n * Plugin Name: X\n */')).toBeNull()
})
