import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'

// A screenshot that nothing compares proves nothing: end-to-end tests compare pictures against
// committed baselines (toHaveScreenshot) or read their pixels, and never just write a file.

const ROOT = join(import.meta.dirname, '..')
const WRITES_A_FILE = /screenshot\(\s*\{[^}]*\bpath\s*:/

it('end-to-end tests take no screenshot that only lands on disk', () => {
  const specs = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'e2e'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.tsx?$/.test(file))
  const found = specs.filter((file) => WRITES_A_FILE.test(readFileSync(join(ROOT, file), 'utf8')))
  expect(found).toEqual([])
  expect(WRITES_A_FILE.test("await page.screenshot({ path: 'x.png', fullPage: true })")).toBe(true)
})
