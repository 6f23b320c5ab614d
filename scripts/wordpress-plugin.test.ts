import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PANEL_SPACE_CSS, VIDEO_IN_FLOW_CSS } from '../core/embed-snippet.ts'
import { PLUGIN_DIR, pluginEntries } from './wordpress-zip.ts'

/** A PHP `const NAME = '…';` of the plugin, as PHP reads the single-quoted string. */
async function phpConstant(file: string, name: string): Promise<string> {
  const source = await readFile(join(PLUGIN_DIR, file), 'utf8')
  const match = new RegExp(`const ${name} = '((?:[^'\\\\]|\\\\.)*)';`).exec(source)
  if (!match?.[1]) throw new Error(`no ${name} in ${file}`)
  return match[1].replace(/\\(['\\])/g, '$1')
}

describe('the WordPress plugin', () => {
  it("reserves the panel's space with the product's own CSS", async () => {
    expect(await phpConstant('includes/page-assets.php', 'VOICE_DEMO_PANEL_SPACE_CSS')).toBe(PANEL_SPACE_CSS)
  })

  it("puts the video call button in the flow with the line the builders' steps give", async () => {
    expect(await phpConstant('includes/page-assets.php', 'VOICE_DEMO_VIDEO_BUTTON_CSS')).toBe(
      VIDEO_IN_FLOW_CSS,
    )
  })

  it('says which WordPress and PHP it needs, the same in its header and readme', async () => {
    const header = await readFile(join(PLUGIN_DIR, 'voice-demo.php'), 'utf8')
    const readme = await readFile(join(PLUGIN_DIR, 'readme.txt'), 'utf8')
    for (const text of [header, readme]) {
      expect(text).toMatch(/^ ?\*? *Requires at least: +6\.1$/m)
      expect(text).toMatch(/^ ?\*? *Requires PHP: +8\.1$/m)
    }
  })

  it('goes into the zip as the folder voice-demo/, every file of it', async () => {
    const names = (await pluginEntries()).map(({ name }) => name)
    expect(names.every((name) => name.startsWith('voice-demo/'))).toBe(true)
    expect(names).toEqual(
      expect.arrayContaining([
        'voice-demo/voice-demo.php',
        'voice-demo/uninstall.php',
        'voice-demo/readme.txt',
        'voice-demo/block/block.json',
        'voice-demo/block/editor.js',
      ]),
    )
  })
})
