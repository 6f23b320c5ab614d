import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PANEL_SPACE_CSS, VIDEO_IN_FLOW_CSS, VIDEO_SPACE_CSS } from '../core/embed-snippet.ts'
import { RESERVED_SLUGS } from '../core/prospect.ts'
import { POT } from './wordpress-pot.ts'
import { PLUGIN_DIR, pluginEntries } from './wordpress-zip.ts'
import { createZip } from './zip-writer.ts'

/** A PHP `const NAME = '…';` of the plugin, as PHP reads the single-quoted string. */
async function phpConstant(file: string, name: string): Promise<string> {
  const source = await readFile(join(PLUGIN_DIR, file), 'utf8')
  const match = new RegExp(`const ${name} = '((?:[^'\\\\]|\\\\.)*)';`).exec(source)
  if (!match?.[1]) throw new Error(`no ${name} in ${file}`)
  return match[1].replace(/\\(['\\])/g, '$1')
}

/** Every PHP file of the plugin, by its path in the plugin's folder. */
async function phpFiles(): Promise<Map<string, string>> {
  const names = (await readdir(PLUGIN_DIR, { recursive: true }))
    .filter((name) => name.endsWith('.php'))
    .sort()
  return new Map(
    await Promise.all(
      names.map(async (name) => [name, await readFile(join(PLUGIN_DIR, name), 'utf8')] as const),
    ),
  )
}

const readPlugin = (file: string) => readFile(join(PLUGIN_DIR, file), 'utf8')

/** WordPress's gettext functions the plugin uses, in PHP; the block's script uses `__` only. */
const PHP_GETTEXT = /(?<![\w$])(?:__|_e|esc_html__|esc_html_e|esc_attr__|esc_attr_e)\(/g
const PHP_TRANSLATED =
  /(?<![\w$])(?:__|_e|esc_html__|esc_html_e|esc_attr__|esc_attr_e)\(\s*'((?:[^'\\]|\\.)*)'\s*,\s*'voice-demo'\s*\)/g
const JS_GETTEXT = /(?<![\w$])__\(/g
const JS_TRANSLATED =
  /(?<![\w$])__\(\s*(?:\/\*[^*]*\*\/\s*)?(['"])((?:\\.|(?!\1)[^\\])*)\1\s*,\s*'voice-demo'\s*,?\s*\)/g

/** The msgids of a .pot file, without the header's, each with its msgctxt if any (`context\u0004id`). */
function potEntries(pot: string): Set<string> {
  const found = new Set<string>()
  for (const block of pot.split(/\n\n+/)) {
    const field = (name: string) => {
      const match = new RegExp(`^${name} ((?:".*"\\n?)+)`, 'm').exec(`${block}\n`)
      return match?.[1]
        ? match[1]
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as string)
            .join('')
        : null
    }
    const id = field('msgid')
    if (!id) continue
    const context = field('msgctxt')
    found.add(context ? `${context}\u0004${id}` : id)
  }
  return found
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

  it("keeps the video call button's room with the product's own CSS", async () => {
    expect(await phpConstant('includes/page-assets.php', 'VOICE_DEMO_VIDEO_SPACE_CSS')).toBe(VIDEO_SPACE_CSS)
  })

  it("refuses the product's own paths as prospect links, on the server and in the block", async () => {
    expect((await phpConstant('includes/slug.php', 'VOICE_DEMO_RESERVED_SLUGS')).split(',')).toEqual(
      RESERVED_SLUGS,
    )
    const editor = await readPlugin('block/editor.js')
    expect(editor).toContain(`'${RESERVED_SLUGS.join(',')}'.split(`)
  })

  it('says which WordPress and PHP it needs and its version, the same in its header, readme and code', async () => {
    const header = await readPlugin('voice-demo.php')
    const readme = await readPlugin('readme.txt')
    for (const text of [header, readme]) {
      expect(text).toMatch(/^ ?\*? *Requires at least: +6\.1$/m)
      expect(text).toMatch(/^ ?\*? *Requires PHP: +8\.1$/m)
    }
    const version = /^ \* Version: +(\d+\.\d+\.\d+)$/m.exec(header)?.[1]
    expect(version).toBeTruthy()
    expect(readme).toMatch(new RegExp(`^Stable tag: ${version}$`, 'm'))
    expect(header).toContain(`const VOICE_DEMO_VERSION = '${version}';`)
    expect(readme).toContain(`= ${version} =`)
  })

  it("has a readme in the plugin directory's format", async () => {
    const readme = await readPlugin('readme.txt')
    const [head = '', ...sections] = readme.split(/^== /m)
    const lines = head.trim().split('\n')
    expect(lines[0]).toBe('=== Voice demo ===')
    for (const field of [
      'Contributors',
      'Tags',
      'Requires at least',
      'Tested up to',
      'Requires PHP',
      'Stable tag',
      'License',
      'License URI',
    ])
      expect(
        lines.some((line) => line.startsWith(`${field}: `)),
        field,
      ).toBe(true)
    const tags =
      lines
        .find((line) => line.startsWith('Tags: '))
        ?.slice(6)
        .split(',') ?? []
    expect(tags.length).toBeLessThanOrEqual(5)
    // The short description: the first paragraph after the fields, at most 150 characters.
    const short = head.trim().split('\n\n')[1] ?? ''
    expect(short.length).toBeGreaterThan(0)
    expect(short.length).toBeLessThanOrEqual(150)
    expect(sections.map((section) => section.split(' ==')[0])).toEqual(
      expect.arrayContaining(['Description', 'Installation', 'Frequently Asked Questions', 'Changelog']),
    )
  })

  it('guards every PHP file against being run directly (ABSPATH; WP_UNINSTALL_PLUGIN for uninstall.php)', async () => {
    for (const [name, source] of await phpFiles()) {
      const guard = name === 'uninstall.php' ? 'WP_UNINSTALL_PLUGIN' : 'ABSPATH'
      expect(source, name).toMatch(
        new RegExp(`^if \\(!defined\\('${guard}'\\)\\) \\{\\n\\texit;\\n\\}$`, 'm'),
      )
    }
  })

  it('escapes what it prints, and prints nothing but through the escaping functions', async () => {
    for (const [name, source] of await phpFiles()) {
      for (const [statement] of source.matchAll(/(?<![\w$])(?:echo|print|printf|_e)\b[ (][^;]*;/g))
        expect(statement, `${name}: ${statement}`).toMatch(/^echo (?:esc_html|esc_attr|esc_url)\(/)
      expect(source, name).not.toMatch(/\?>[^<]*<\?=|<\?=/)
    }
  })

  it('checks capabilities and nonces on its settings form, and a permission on each REST route', async () => {
    const settings = await readPlugin('includes/settings.php')
    // options.php checks the nonce settings_fields() prints, and manage_options for the option page.
    expect(settings).toMatch(/settings_fields\('voice_demo'\)/)
    expect(settings).toMatch(/add_options_page\([^;]*'manage_options'/s)
    expect(settings).toMatch(
      /function voice_demo_settings_page\(\): void \{\n\tif \(!current_user_can\('manage_options'\)\)/,
    )
    const rest = await readPlugin('includes/rest.php')
    const routes = [...rest.matchAll(/register_rest_route\([^;]*?\]\);/gs)].map(([route]) => route)
    expect(routes.length).toBe(2)
    for (const route of routes) {
      expect(route).toMatch(/'permission_callback' => \$can_edit/)
      expect(route).not.toMatch(/__return_true/)
    }
    expect(rest).toMatch(/\$can_edit = static fn \(\): bool => current_user_can\('edit_posts'\);/)
  })

  it('prefixes everything it defines, and queries no database directly', async () => {
    for (const [name, source] of await phpFiles()) {
      for (const [, kind, defined] of source.matchAll(/^(function|const|final class|class) (\w+)/gm))
        expect(defined, `${name}: ${kind} ${defined}`).toMatch(/^(voice_demo_|VOICE_DEMO_|Voice_Demo_)/)
      for (const [, option] of source.matchAll(/(?:get|update|delete|add)_option\('([^']+)'/g))
        expect(option, name).toMatch(/^voice_demo_/)
      for (const [, handle] of source.matchAll(/wp_(?:register|enqueue)_(?:script|style)\(\s*'([^']+)'/g))
        expect(handle, name).toMatch(/^voice-demo/)
      expect(source, name).not.toMatch(/\$wpdb|mysqli_|mysql_|PDO\b/)
      expect(source, name).not.toMatch(/\b(eval|base64_decode|error_log|var_dump|print_r)\(/)
    }
    const rest = await readPlugin('includes/rest.php')
    expect([...rest.matchAll(/register_rest_route\('([^']+)'/g)].map(([, namespace]) => namespace)).toEqual([
      'voice-demo/v1',
      'voice-demo/v1',
    ])
  })

  it('gives every string its text domain, and its translation template holds exactly those strings', async () => {
    const strings = new Set<string>()
    for (const [name, source] of await phpFiles()) {
      const translated = [...source.matchAll(PHP_TRANSLATED)]
      expect(translated.length, `${name}: every gettext call with 'voice-demo'`).toBe(
        source.match(PHP_GETTEXT)?.length ?? 0,
      )
      for (const [, text = ''] of translated) strings.add(text.replace(/\\(['\\])/g, '$1'))
    }
    const editor = await readPlugin('block/editor.js')
    const translated = [...editor.matchAll(JS_TRANSLATED)]
    expect(translated.length, "block/editor.js: every __() with 'voice-demo'").toBe(
      editor.match(JS_GETTEXT)?.length,
    )
    for (const [, , text = ''] of translated) strings.add(text.replace(/\\(['"\\])/g, '$1'))
    const block = JSON.parse(await readPlugin('block/block.json')) as {
      title: string
      description: string
      keywords: string[]
      textdomain: string
    }
    expect(block.textdomain).toBe('voice-demo')
    strings.add(`block title\u0004${block.title}`)
    strings.add(`block description\u0004${block.description}`)
    for (const keyword of block.keywords) strings.add(`block keyword\u0004${keyword}`)
    // `node --import tsx scripts/wordpress-pot.ts` writes the template again.
    expect([...potEntries(await readFile(POT, 'utf8'))].sort()).toEqual([...strings].sort())
    expect(await readPlugin('voice-demo.php')).toMatch(/^ \* Text Domain: +voice-demo$/m)
  })

  it('goes into the zip as the folder voice-demo/, every file of it, under 30 KB', async () => {
    const entries = await pluginEntries()
    const names = entries.map(({ name }) => name)
    expect(names.every((name) => name.startsWith('voice-demo/'))).toBe(true)
    expect(names).toEqual(
      expect.arrayContaining([
        'voice-demo/voice-demo.php',
        'voice-demo/uninstall.php',
        'voice-demo/readme.txt',
        'voice-demo/block/block.json',
        'voice-demo/block/editor.js',
        'voice-demo/languages/voice-demo.pot',
      ]),
    )
    expect(createZip(entries).length).toBeLessThan(30 * 1024)
  })
})
