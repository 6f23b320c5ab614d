import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, type Rolldown } from 'vite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import { SLUG_RULE_MESSAGE } from '#core/prospect.ts'
import { PASSWORD_RULE_MESSAGE } from '#core/rep-password.ts'
import { NETWORK_ERROR_MESSAGE } from '../src/lib/fetch-api.ts'
import { FIRST_PAINT_BUDGET_BYTES, formatKiB, measureFirstPaint } from './first-paint-size.ts'
import { PANEL_CSS_FILE } from './panel-css.ts'

const root = join(import.meta.dirname, '../..')
const outDir = mkdtempSync(join(tmpdir(), 'voice-demo-widget-'))
let output: Array<Rolldown.OutputChunk | Rolldown.OutputAsset> = []

beforeAll(async () => {
  const result = await build({
    configFile: join(root, 'vite.widget.config.ts'),
    logLevel: 'silent',
    build: { outDir },
  })
  output = (Array.isArray(result) ? result : [result]).flatMap((out) => ('output' in out ? out.output : []))
}, 60_000)

afterAll(() => rmSync(outDir, { recursive: true, force: true }))

const file = (fileName: string) => output.find((f) => f.fileName === fileName)
const code = (f: Rolldown.OutputChunk | Rolldown.OutputAsset | undefined) =>
  f?.type === 'chunk' ? f.code : String(f?.source ?? '')

it('keeps what a host page downloads before the buttons show (the boot) within 5 KB brotli', () => {
  const size = measureFirstPaint(output, 'voice-demo')
  console.log(`widget first paint: ${formatKiB(size.brotliBytes)} brotli, ${size.files.join(' + ')}`)
  // The snippet's one file: nothing else is fetched before the buttons show.
  expect(size.files).toEqual(['widget.mjs'])
  expect(size.brotliBytes).toBeLessThanOrEqual(FIRST_PAINT_BUDGET_BYTES)
})

it('has the boot import the rest of the widget, one file that needs nothing but the boot', () => {
  const rest = measureFirstPaint(output, 'app')
  console.log(`widget rest: ${formatKiB(rest.brotliBytes)} brotli, ${rest.files.join(' + ')}`)
  const [app] = rest.files
  expect(app).toMatch(/^widget-chunks\/app-[\w-]+\.js$/)
  // The rest's chunk and the boot it shares modules with: no third file before the panel takes over.
  expect(rest.files).toEqual([app, 'widget.mjs'])
  expect(code(file('widget.mjs'))).toContain(`import(\`./${app}\`)`)
})

it("leaves the error messages and the reps' words out of the boot: the rest brings what it shows", () => {
  const boot = code(file('widget.mjs'))
  for (const words of [UNAVAILABLE_MESSAGE, SLUG_RULE_MESSAGE, NETWORK_ERROR_MESSAGE, PASSWORD_RULE_MESSAGE])
    expect(boot).not.toContain(words)
  // The rest carries the messages the panel may show (it does show the first three).
  const rest = code(output.find((f) => f.type === 'chunk' && f.isEntry && f.name === 'app'))
  expect(rest).toContain(NETWORK_ERROR_MESSAGE)
  expect(rest).not.toContain(PASSWORD_RULE_MESSAGE)
})

it('has every lazy chunk import the core as ../widget.mjs, the URL the snippet loads', () => {
  const lazy = output.filter((f) => f.type === 'chunk' && f.fileName.startsWith('widget-chunks/'))
  expect(lazy.length).toBeGreaterThan(3)
  for (const chunk of lazy) {
    if (chunk.type === 'chunk' && chunk.imports.includes('widget.mjs')) {
      expect(chunk.code).toMatch(/from"\.\.\/widget\.mjs"/)
    }
  }
  expect(lazy.some((f) => f.type === 'chunk' && f.imports.includes('widget.mjs'))).toBe(true)
})

it('emits widget.js, for older snippets, as a classic script that imports widget.mjs beside it', () => {
  const loader = code(file('widget.js'))
  expect(() => new Function(loader)).not.toThrow() // the Script goal rejects import/export statements
  expect(loader.startsWith('(function(){')).toBe(true) // no globals: safe to include twice
  expect(loader).toContain('`widget.mjs`')
  expect(loader).not.toMatch(/__vitePreload|modulepreload/)
})

it('puts the Tailwind CSS inside the boot, with sizes in px and no @property', () => {
  const core = code(file('widget.mjs'))
  expect(core).toContain(':host{all:initial')
  expect(core).toContain('--spacing:4px')
  expect(core).toContain('--tw-shadow:0 0 #0000')
  expect(core).not.toContain('@property')
  expect(core).not.toMatch(/\d\.?\d*rem\b/)
  // One stylesheet file, for servers that draw the panel in their pages: the boot's own sheet, as is.
  expect(output.filter((f) => f.fileName.endsWith('.css')).map((f) => f.fileName)).toEqual([PANEL_CSS_FILE])
  const panelCss = code(file(PANEL_CSS_FILE))
  expect(panelCss).toContain(':host{all:initial')
  expect(panelCss).toContain('--tw-shadow:0 0 #0000')
  expect(panelCss).not.toContain('@property')
})
