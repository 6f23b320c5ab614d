/**
 * `node --import tsx scripts/wordpress-pot.ts`: the plugin's translation template,
 * `wordpress/voice-demo/languages/voice-demo.pot`, made by GNU xgettext (Debian's `gettext` package)
 * from the PHP and the block's script with WordPress's gettext functions as keywords, and the block's
 * title, description and keywords from block.json with the contexts WordPress gives them. Run it after
 * changing a string: scripts/wordpress-plugin.test.ts fails while the template and the sources differ.
 */
import { execFileSync } from 'node:child_process'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PLUGIN_DIR } from './wordpress-zip.ts'

export const POT = join(PLUGIN_DIR, 'languages', 'voice-demo.pot')

const PHP_KEYWORDS = ['__', '_e', 'esc_html__', 'esc_html_e', 'esc_attr__', 'esc_attr_e', '_x:1,2c', '_n:1,2']

async function main(): Promise<void> {
  const php = (await readdir(PLUGIN_DIR, { recursive: true })).filter((file) => file.endsWith('.php')).sort()
  // Each run's own header entry (the part before the first blank line) gives way to the one below.
  const common = ['--from-code=UTF-8', '--add-comments=translators:', '--no-location', '-o', '-']
  const entries = (output: string) => output.split('\n\n').slice(1).join('\n\n')
  const fromPhp = execFileSync(
    'xgettext',
    ['--language=PHP', ...PHP_KEYWORDS.map((keyword) => `--keyword=${keyword}`), ...common, ...php],
    { cwd: PLUGIN_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  )
  const fromJs = execFileSync(
    'xgettext',
    ['--language=JavaScript', '--keyword=__', ...common, 'block/editor.js'],
    { cwd: PLUGIN_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  )
  const block = JSON.parse(await readFile(join(PLUGIN_DIR, 'block', 'block.json'), 'utf8')) as {
    title: string
    description: string
    keywords: string[]
  }
  const entry = (context: string, text: string) =>
    `msgctxt ${quote(context)}\nmsgid ${quote(text)}\nmsgstr ""\n`
  const fromBlock = [
    entry('block title', block.title),
    entry('block description', block.description),
    ...block.keywords.map((keyword) => entry('block keyword', keyword)),
  ].join('\n')
  const header = [
    '# Translation template of the Voice demo plugin.',
    '# This file is distributed under the same license as the plugin (GPL-2.0-or-later).',
    'msgid ""',
    'msgstr ""',
    '"Project-Id-Version: Voice demo\\n"',
    '"MIME-Version: 1.0\\n"',
    '"Content-Type: text/plain; charset=UTF-8\\n"',
    '"Content-Transfer-Encoding: 8bit\\n"',
    '"X-Domain: voice-demo\\n"',
    '',
  ].join('\n')
  await writeFile(POT, `${header}\n${entries(fromPhp)}\n${entries(fromJs)}\n${fromBlock}`)
  console.log(`${POT} written`)
}

const quote = (text: string) => JSON.stringify(text)

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  })
}
