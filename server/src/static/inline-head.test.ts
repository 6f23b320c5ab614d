import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { listBuiltFiles } from './built-files.ts'
import { allowInCsp, inlineHead } from './inline-head.ts'
import { textReader } from './send-file.ts'

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

function siteWith(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'inline-head-'))
  dirs.push(dir)
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return textReader(listBuiltFiles(dir))
}

const SHELL =
  '<head><script src="/theme-init.js" ></script><script type="module" crossorigin src="/app.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/app.css"></head>'

it('puts the stylesheet and the blocking script in the page, each with the hash that allows it', async () => {
  const css = 'body{color:red}'
  const js = 'document.documentElement.classList.add("dark")'
  const page = await inlineHead(SHELL, siteWith({ 'app.css': css, 'theme-init.js': js }))
  expect(page.html).toBe(
    `<head><script>${js}</script><script type="module" crossorigin src="/app.js"></script><style>${css}</style></head>`,
  )
  expect(page.styleHashes).toEqual([hashOf(css)])
  expect(page.scriptHashes).toEqual([hashOf(js)])
})

it('leaves a link where the file is missing or could close its element early', async () => {
  const page = await inlineHead(SHELL, siteWith({ 'app.css': 'a{}</style><script>alert(1)</script>' }))
  expect(page.html).toBe(SHELL)
  expect(page.styleHashes).toEqual([])
  expect(page.scriptHashes).toEqual([])
})

it('adds sources to the one directive named, not to a longer one that starts the same', () => {
  const policy = "default-src 'none'; style-src 'self'; style-src-attr 'unsafe-inline'; script-src 'self'"
  expect(allowInCsp(policy, 'style-src', ["'sha256-a'"])).toBe(
    "default-src 'none'; style-src 'self' 'sha256-a'; style-src-attr 'unsafe-inline'; script-src 'self'",
  )
  expect(allowInCsp(policy, 'script-src', [])).toBe(policy)
})
