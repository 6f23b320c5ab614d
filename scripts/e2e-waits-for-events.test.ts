import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// End-to-end tests wait for what they need (an element, an event, a response, a poll), never for a
// length of time: a fixed sleep is too short on a busy machine and wasted on an idle one.

const E2E = join(import.meta.dirname, '..', 'e2e')
const SLEEPS = [/\bwaitForTimeout\s*\(/, /new Promise\(\s*\(?\s*\w+\s*\)?\s*=>\s*setTimeout\(/]

function specFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return specFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

function findSleeps(text: string): number[] {
  return text.split('\n').flatMap((line, i) => (SLEEPS.some((sleep) => sleep.test(line)) ? [i + 1] : []))
}

describe('end-to-end tests', () => {
  it('recognise a sleep in either form', () => {
    expect(
      findSleeps('ok\nawait page.waitForTimeout(200)\nawait new Promise((r) => setTimeout(r, 5))'),
    ).toEqual([2, 3])
  })

  it('contain no fixed sleep', () => {
    const found = specFiles(E2E).flatMap((file) =>
      findSleeps(readFileSync(file, 'utf8')).map((line) => `${file.slice(E2E.length + 1)}:${line}`),
    )
    expect(found).toEqual([])
  })
})
